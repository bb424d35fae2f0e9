"""The games part of the demo events."""

from games.demo import load_demo_games
from games.models import Game, GameChange, SealedEnvelope
from tournaments.demo import load_demo


def test_demo_has_an_adjourned_game_and_a_ruling(db):
    games = load_demo_games(load_demo())
    adjourned, penalised = games  # the round robin's adjourned game; a board of the Swiss
    assert adjourned.status == Game.Status.ADJOURNED
    envelope = SealedEnvelope.objects.get(game=adjourned)
    assert envelope.moves_made == 19
    assert envelope.opened_at is None
    # fide2023 in the Swiss: an incorrect claim is 9.5.3 of the 2023 Laws, and the
    # claimant's opponent gets two minutes.
    assert penalised.incidents.get().article == "9.5.3"
    clock = GameChange.objects.get(game=penalised, field=GameChange.Field.CLOCK)
    assert clock.new_value == {"color": "black", "change": "add_remaining", "seconds": 120}
