"""Settings shared by every suite.

Hypothesis's per-example deadline is a timing assertion, and timing is never asserted in unit
tests: the machines are shared and the same example's time moves by more than 2x under load (a
200 ms deadline failed at 444 ms on a loaded CI-size machine). Speed is measured in
``benchmarks/``. Every other Hypothesis setting stays as each test or suite declares it.
"""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("practiceloop", deadline=None)
settings.load_profile("practiceloop")
