"""practiceloop: turn a refused problem into sealed, auditable practice evidence.

Layout: ``practiceloop.kernel`` is the pure chain (identity -> frame -> assessment -> residuals
-> gate -> budget -> search run -> candidates -> binding -> replay -> sealed trace);
``practiceloop.arith`` is the reference domain (reader, organs, proof authorities, operators)
registered in a static manifest; ``practiceloop.loop.episode`` is the pure orchestrator. Around them
sits the shell: ``store`` (SQLite evidence store and Merkle log), ``audit`` (``verify``),
``engines`` (in-process, process pool, Dask), ``cli`` and ``workbench``.
"""

__version__ = "0.1.0"
__all__ = ["__version__"]
