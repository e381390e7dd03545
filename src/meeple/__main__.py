"""``python -m meeple``: the same command as ``meeple``."""

from meeple.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
