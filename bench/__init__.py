"""Benchmarks: ``python -m bench`` (``make bench``) runs every ``bench/*.py`` with a ``main()``."""
