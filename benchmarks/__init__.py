"""The scripts behind the figures in docs/measurements/ (see README.md here).

Each runs as a module from the repository root, ``.venv/bin/python -m benchmarks.<name>``,
so scripts import their shared helpers as ``benchmarks.common`` and the frozen opponents
as ``benchmarks.opponents.<game>``, with no change to ``sys.path``.
"""
