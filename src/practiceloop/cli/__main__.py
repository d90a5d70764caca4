"""``python -m practiceloop.cli``: the ``practiceloop`` command without an installed script."""

if __name__ == "__main__":
    from practiceloop.cli import main

    main()
