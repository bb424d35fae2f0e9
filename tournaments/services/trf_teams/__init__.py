"""TRF import and export of team events (TRF-2026's team section, TRF16's 013).

:mod:`.checks` refuses a team file that cannot be stored whole, naming its lines, and finds
the rounds that break the pairing rules (the import's confirmation); :mod:`.importing` stores
the event, its teams and players; :mod:`.rounds` its matches, line-ups and boards;
:mod:`.writing` writes a team event back. ``trf_exchange`` routes a file with team records
(:func:`~tournaments.pairing.team_checker.is_team_document`) and a team event here.
"""

from .importing import import_team_event
from .writing import team_application_text, trf16_losses

__all__ = ["import_team_event", "team_application_text", "trf16_losses"]
