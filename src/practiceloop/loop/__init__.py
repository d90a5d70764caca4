"""practiceloop.loop: the live loop around the kernel, pure and domain-aware.

* :mod:`.episode`: the orchestrator, the one place that sequences the kernel's stages
  (loop.md s6): read, assess, practise every refusal, seal;
* :mod:`.evidence`: what one practised problem becomes in the store (canonical bytes), the
  unit of work every engine maps over a corpus;
* :mod:`.evaluate`: the measurement against gold answers, the only reader of gold.

Nothing here does I/O: the shell (store, engines, CLI, Workbench) persists and shows what
these modules return.
"""
