"""Signals other apps listen to, so the tournaments app needs not know them."""

from django.dispatch import Signal

board_result_recorded = Signal()
"""Sent inside the transaction of :func:`tournaments.services.record_result` once a board's
result has changed, with ``pairing``, ``change`` (the new ``ResultChange``) and ``user``."""
