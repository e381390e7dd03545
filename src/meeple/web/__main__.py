"""``python -m meeple.web``: the same as ``meeple serve``."""

from meeple.web.cli import main

raise SystemExit(main())
