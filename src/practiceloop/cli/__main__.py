"""``python -m practiceloop.cli``: the ``practiceloop`` command without an installed script."""

from practiceloop.cli import main

main()
