"""What a pairing system needs of the players' ratings before it pairs a round."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.models import Tournament
from tournaments.pairing import PairingState
from tournaments.pairing.systems import DUBOV

from .errors import TournamentError


def refuse_unrated_for_dubov(tournament: Tournament, state: PairingState) -> None:
    """C.04.4.1 article 1.1: in the Dubov system every player must have a rating, one the
    arbiter gives where there is none, since the white seekers are ordered by the average
    rating of their opponents and the black seekers by their own. Paired with 0 for a rating,
    an unrated player would be the weakest of the field and his opponents' ARO would fall.
    The arbiter's rating is the player's provisional pairing rating, which the pairing state
    gives him (:func:`tournaments.selectors.pairing_state`): only players with neither are
    refused."""
    if tournament.swiss_system is not DUBOV:
        return
    to_pair = set(state.to_pair)
    unrated = [p for p in state.sheet.players if p.start_rank in to_pair and not p.rating]
    if unrated:
        names = ", ".join(f"{p.name} (no. {p.start_rank})" for p in unrated)
        raise TournamentError(
            _(
                "The Dubov system pairs by rating (C.04.4.1 article 1.1): give %(players)s a "
                "provisional pairing rating on the player's page (used for pairing only, "
                "never rated or reported) before pairing round %(round)s."
            )
            % {"players": names, "round": state.round}
        )
