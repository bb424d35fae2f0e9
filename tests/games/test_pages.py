"""The games pages end to end through the Django test client, on real files."""

from __future__ import annotations

import chess.pgn
import pytest
from django.urls import reverse

from games.models import Game, GameChange, Incident, SealedEnvelope
from tests.factories import UserFactory
from tests.games.conftest import DATA, ROUND_ONE
from tournaments.models import Pairing, Result

pytestmark = pytest.mark.django_db


def upload(client, tournament, name, round_number=""):
    with open(DATA / name, "rb") as stream:
        return client.post(
            reverse("games:upload", args=[tournament.pk]),
            {"file": stream, "round_number": round_number},
            follow=True,
        )


def test_upload_shows_the_report_then_imports_what_the_arbiter_ticks(client, chebanenko, arbiter):
    client.force_login(arbiter)
    page = upload(client, chebanenko, ROUND_ONE.name)
    assert page.status_code == 200
    text = page.content.decode()
    assert "5 games: 5 clean" in text
    assert "4 matched to a board" in text
    assert "Volkov,Sergey1" in text and "Unmatched" in text
    board_one = Pairing.objects.get(round__tournament=chebanenko, board=1)
    form = page.context["form"]
    data = {name: field.initial for name, field in form.fields.items() if field.initial}
    data["board_1"] = str(board_one.pk)  # Volkov's game, matched by hand
    data["import_1"] = "on"
    done = client.post(page.redirect_chain[-1][0], data, follow=True)
    assert "5 games imported." in done.content.decode()
    assert Game.objects.filter(pairing__round__tournament=chebanenko).count() == 5
    assert Pairing.objects.get(pk=board_one.pk).result == Result.WHITE_WINS


def test_upload_flags_the_illegal_move_and_offers_no_import(client, chebanenko, arbiter):
    client.force_login(arbiter)
    page = upload(client, chebanenko, "fischer-spassky-1972-game6.move20-corrupted.pgn", "1")
    text = page.content.decode()
    assert "illegal move" in text
    assert "ply 40 (move 20)" in text
    assert "import_1" not in page.context["form"].fields


def test_latin1_upload_keeps_the_accent(client, chebanenko, arbiter):
    client.force_login(arbiter)
    page = upload(client, chebanenko, "fischer-spassky-1972-game6.latin1.pgn", "1")
    assert page.status_code == 200
    assert "1 game: 1 clean" in page.content.decode()
    assert "Reykjavík ISL" in page.context["upload"].text


def test_outsiders_and_viewers_cannot_upload(client, chebanenko):
    stranger = UserFactory(username="stranger")
    client.force_login(stranger)
    assert client.get(reverse("games:upload", args=[chebanenko.pk])).status_code == 403
    client.logout()
    assert client.get(reverse("games:upload", args=[chebanenko.pk])).status_code == 302


def start(client, chebanenko, board=1):
    pairing = Pairing.objects.get(round__tournament=chebanenko, board=board)
    client.post(reverse("games:start", args=[pairing.pk]))
    return Game.objects.get(pairing=pairing)


def test_move_entry_reports_the_first_move_that_does_not_fit(client, chebanenko, arbiter):
    client.force_login(arbiter)
    game = start(client, chebanenko)
    url = reverse("games:moves", args=[game.pk])
    # Written "Nd2" when both knights can go there: 1. d4 Nf6 2. Nf3 e6 3. Nbd2? — here 3. e3 d5
    # 4. Nd2 is ambiguous (b1 and f3).
    page = client.post(url, {"moves": "1. d4 Nf6 2. Nf3 e6 3. e3 d5 4. Nd2", "check": ""})
    text = page.content.decode()
    assert "Move 4 (Nd2, ply 7) does not fit" in text
    assert "<code>Nbd2</code>, <code>Nfd2</code>" in text
    # htmx asks for the feedback alone.
    partial = client.post(url, {"moves": "1. e4 e5 2. Ke3"}, HTTP_HX_REQUEST="true")
    assert partial.content.decode().lstrip().startswith('<div id="feedback"')
    assert "Ke2" in partial.content.decode()
    saved = client.post(
        url, {"moves": "1.e4 e5 2.Ng1-f3 ♘c6 3.Bb5 a6 4.Ba4 马f6 5.0-0", "save": ""}
    )
    assert saved.status_code == 302
    assert game.sans() == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O"]


def test_appending_moves_needs_no_reason_but_changing_one_does(client, chebanenko, arbiter):
    client.force_login(arbiter)
    game = start(client, chebanenko)
    url = reverse("games:moves", args=[game.pk])
    client.post(url, {"moves": FISCHER_12.rsplit(" ", 4)[0], "save": ""})
    assert len(game.sans()) == 20
    # Moves 11-12 (plies 21-24) added after the record: nothing recorded changes.
    added = client.post(url, {"moves": FISCHER_12, "save": ""})
    assert added.status_code == 302
    assert len(game.sans()) == 24
    changed = client.post(url, {"moves": FISCHER_12.replace("Qa4 c5", "Qb3 c5"), "save": ""})
    assert changed.status_code == 200
    assert "Changing moves already recorded needs a reason." in changed.content.decode()
    assert game.sans()[-2] == "Qa4"


def test_the_correction_form_starts_from_the_games_result(client, chebanenko, arbiter):
    client.force_login(arbiter)
    game = start(client, chebanenko)
    enter(client, game, "e4 e5")
    client.post(reverse("games:correct", args=[game.pk]), {"result": "1/2-1/2", "reason": "agreed"})
    page = client.get(reverse("games:detail", args=[game.pk]))
    form = page.context["correction"]
    assert form["result"].value() == "1/2-1/2"
    assert '<option value="1/2-1/2" selected>' in page.content.decode()


@pytest.mark.parametrize(
    ("board_result", "score", "status"),
    [("1-0", "1-0", "finished"), ("1/2-1/2", "1/2-1/2", "finished"), ("-/+", "0-1", "forfeited")],
)
def test_a_result_typed_on_the_round_page_finishes_the_boards_game(
    client, chebanenko, arbiter, board_result, score, status
):
    """The game record follows its board: it showed "in progress *" (and its PGN "*") beside
    a board whose result was entered."""
    client.force_login(arbiter)
    game = start(client, chebanenko)
    enter(client, game, FISCHER_12)
    client.post(reverse("tournaments:result", args=[chebanenko.pk, 1, 1]), {"result": board_result})
    game.refresh_from_db()
    assert (game.result, game.status) == (score, status)
    pgn = client.get(reverse("games:pgn", args=[game.pk])).content.decode()
    assert f'[Result "{score}"]' in pgn
    change = game.changes.filter(field="result").get()
    assert change.user == arbiter
    # A correction back to "not yet played" reopens the game.
    client.post(
        reverse("tournaments:result", args=[chebanenko.pk, 1, 1]),
        {"result": "*", "reason": "entered on the wrong board"},
    )
    game.refresh_from_db()
    assert (game.result, game.status) == ("*", "in_progress")
    assert game.changes.filter(field="result").last().reason == "entered on the wrong board"


def test_board_svg_at_any_ply(client, chebanenko, arbiter):
    client.force_login(arbiter)
    game = start(client, chebanenko)
    client.post(reverse("games:moves", args=[game.pk]), {"moves": "e4 e5", "save": ""})
    svg = client.get(reverse("games:board_svg", args=[game.pk]) + "?ply=1")
    assert svg["Content-Type"] == "image/svg+xml"
    assert b"<svg" in svg.content
    page = client.get(reverse("games:detail", args=[game.pk]) + "?ply=1")
    assert "After ply 1 of 2" in page.content.decode()


def enter(client, game, moves):
    client.post(
        reverse("games:moves", args=[game.pk]), {"moves": moves, "save": "", "reason": "scoresheet"}
    )
    game.refresh_from_db()


def rule(client, game, kind, data):
    page = client.post(reverse("games:incident_new", args=[game.pk, kind]), data, follow=True)
    assert page.status_code == 200, page.content
    return page, Incident.objects.filter(game=game).last()


def apply(client, incident):
    return client.post(reverse("games:incident", args=[incident.game_id, incident.pk]), follow=True)


# Fischer–Spassky 1972 game 6, the first 12 moves, for incidents on a real game.
FISCHER_12 = (
    "c4 e6 Nf3 d5 d4 Nf6 Nc3 Be7 Bg5 O-O e3 h6 Bh4 b6 cxd5 Nxd5 Bxe7 Qxe7 Nxd5 exd5 Rc1 Be6 Qa4 c5"
)


def test_wrong_threefold_claim_shows_the_ruling_first_then_applies_the_penalty(
    client, chebanenko, arbiter
):
    client.force_login(arbiter)
    game = start(client, chebanenko)
    enter(client, game, FISCHER_12)
    page, incident = rule(client, game, "draw_claim", {"claimant": "white", "claim": "threefold"})
    text = page.content.decode()
    assert "10.13(2)" in text
    assert "5 minutes are added to White" in text
    assert "要求不正确" not in text  # FIDE checklist A1: an English page shows no Chinese ruling
    assert not incident.applied
    assert not GameChange.objects.filter(game=game, field=GameChange.Field.CLOCK).exists()
    apply(client, incident)
    incident.refresh_from_db()
    assert incident.applied
    clock = GameChange.objects.get(game=game, field=GameChange.Field.CLOCK)
    assert clock.new_value == {"color": "white", "change": "add_used", "seconds": 300}


def test_wrong_claim_penalty_makes_the_claimant_overstep(client, chebanenko, arbiter):
    client.force_login(arbiter)
    game = start(client, chebanenko)  # 40/7200:1800
    enter(client, game, FISCHER_12)
    _, incident = rule(
        client,
        game,
        "draw_claim",
        {"claimant": "white", "claim": "fifty_moves", "claimant_used": "7000"},
    )
    assert incident.article == "10.13(2)"
    assert incident.score == "0-1"
    apply(client, incident)
    game.refresh_from_db()
    assert (game.result, game.status, game.result_reason) == ("0-1", "finished", "ruling")
    assert game.pairing.result == Result.BLACK_WINS
    assert game.pairing.result_changes.get().reason == "ruling"


def test_a_claim_reads_the_time_control_as_the_tournament_form_took_it(client, chebanenko, arbiter):
    chebanenko.time_control = "90'/40 + 30' + 30\""  # FIDE's notation, as typed on the form
    chebanenko.save()
    client.force_login(arbiter)
    game = start(client, chebanenko)
    enter(client, game, FISCHER_12)
    page, incident = rule(
        client,
        game,
        "draw_claim",
        {"claimant": "white", "claim": "fifty_moves", "claimant_used": "5000"},
    )
    assert incident is not None, page.content.decode()
    # 5000 s used plus the 300 s penalty stays within 90 minutes and 11 increments.
    assert incident.decision == "play_on"


def test_illegal_move_found_restores_the_position_before_it(client, chebanenko, arbiter):
    client.force_login(arbiter)
    game = start(client, chebanenko)
    enter(client, game, FISCHER_12)
    # Found two moves later: White's 14th move Bc7 cannot be played (the f1 bishop does
    # not reach c7); it and the moves after it are void.
    written = FISCHER_12 + " Qb3 Kh8 Bc7 Rd8 Be2 Nd7"
    _, incident = rule(client, game, "illegal_move", {"moves": written})
    assert incident.article == "8.1"
    assert incident.ruling["void_plies"] == [27, 28, 29, 30]
    apply(client, incident)
    game.refresh_from_db()
    assert game.sans()[-2:] == ["Qb3", "Kh8"]
    assert game.current_fen == incident.ruling["restore_fen"]


def test_touch_move_names_the_piece_that_must_move(client, chebanenko, arbiter):
    client.force_login(arbiter)
    game = start(client, chebanenko)
    enter(client, game, "e4 e5 Nf3 Nc6")
    _, incident = rule(client, game, "touch_move", {"touched": "f3 c6"})
    # An own knight touched, then the black knight: the knight must capture it if it can,
    # which it cannot; the f3 knight must move.
    assert incident.article in {"7.2(1)", "7.2(2)"}
    assert "f3" in incident.ruling["details"]["square"]
    apply(client, incident)
    assert Incident.objects.get(pk=incident.pk).applied


def test_lateness_default_is_a_forfeit_on_the_board(client, chebanenko, arbiter):
    client.force_login(arbiter)
    game = start(client, chebanenko)
    _, incident = rule(
        client,
        game,
        "lateness",
        {
            "session_start": "2020-05-23T15:00",
            "ruled_at": "2020-05-23T16:01",
            "white_arrived": "2020-05-23T14:55",
        },
    )
    assert incident.article == "10.15"
    assert incident.score == "1-0"
    apply(client, incident)
    game.refresh_from_db()
    assert game.status == Game.Status.FORFEITED
    assert game.pairing.result == Result.WHITE_FORFEIT_WIN


def test_wrong_initial_position_annuls(client, chebanenko, arbiter):
    client.force_login(arbiter)
    game = start(client, chebanenko)
    enter(client, game, "e4 e5")
    fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KQkq - 0 1"
    _, incident = rule(client, game, "wrong_initial_position", {"set_up": fen})
    assert incident.decision == "annul"
    apply(client, incident)
    game.refresh_from_db()
    assert game.status == Game.Status.ANNULLED


def test_every_incident_form_renders_with_labels(client, chebanenko, arbiter):
    from games.forms import INCIDENT_FORMS
    from games.models.incident import offered_under
    from games.rules.rulesets import RULESETS

    client.force_login(arbiter)
    game = start(client, chebanenko)
    for name, ruleset in RULESETS.items():
        Game.objects.filter(pk=game.pk).update(ruleset=name)
        for kind in INCIDENT_FORMS:
            page = client.get(reverse("games:incident_new", args=[game.pk, kind]))
            if not offered_under(kind, ruleset):
                assert page.status_code == 404, (name, kind)
                continue
            assert page.status_code == 200, (name, kind)
            assert "<label" in page.content.decode() or not page.context["form"].fields, kind


def test_bad_incident_input_is_a_message_not_a_500(client, chebanenko, arbiter):
    client.force_login(arbiter)
    game = start(client, chebanenko)
    page, incident = rule(client, game, "touch_move", {"touched": "e9"})
    assert incident is None
    assert "&#x27;e9&#x27; is not a square" in page.content.decode()


def test_sealed_move_is_hidden_until_the_resumption(client, chebanenko, arbiter, chief):
    client.force_login(arbiter)
    game = start(client, chebanenko)
    enter(client, game, FISCHER_12)
    page = seal(client, game, follow=True)
    envelope = SealedEnvelope.objects.get(game=game)
    assert "Qa3" not in page.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.ADJOURNED
    assert game.pairing.result == Result.ADJOURNED
    client.force_login(chief)
    chief_view = client.get(reverse("games:envelope", args=[game.pk, envelope.pk]))
    assert '<strong class="no-print">Qa3</strong>' in chief_view.content.decode()
    client.force_login(arbiter)
    # Only the chief arbiter opens sealed moves (the roles page): not the deputy.
    assert (
        "Resume: open the envelope"
        not in client.get(reverse("games:detail", args=[game.pk])).content.decode()
    )
    assert client.post(reverse("games:resume", args=[game.pk]), RESUMED_ON_TIME).status_code == 403
    envelope.refresh_from_db()
    assert not envelope.is_open
    client.force_login(chief)
    page = client.post(
        reverse("games:resume", args=[game.pk]),
        RESUMED_ON_TIME,
        follow=True,
    )
    assert "Qa3" in page.content.decode()
    incident = Incident.objects.filter(game=game, kind="resumption").get()
    apply(client, incident)
    game.refresh_from_db()
    assert game.sans()[-1] == "Qa3"
    assert game.status == Game.Status.IN_PROGRESS
    # Once open, the envelope is no secret: the deputy reads it.
    client.force_login(arbiter)
    opened = client.get(reverse("games:envelope", args=[game.pk, envelope.pk])).content.decode()
    assert "<strong>Qa3</strong>" in opened


def test_the_printed_envelope_never_shows_the_sealed_move(client, chebanenko, arbiter, chief):
    client.force_login(arbiter)
    game = start(client, chebanenko)
    enter(client, game, FISCHER_12)
    seal(client, game)
    envelope = SealedEnvelope.objects.get(game=game)
    client.force_login(chief)
    page = client.get(reverse("games:envelope", args=[game.pk, envelope.pk])).content.decode()
    # On screen for the chief; the printout says "sealed" in its place (as the PDF does).
    assert '<span class="print-only">sealed</span><strong class="no-print">Qa3</strong>' in page


def seal(client, game, move="Qa3", **options):
    """Adjourn the game with White sealing ``move``; the seal form's reply."""
    return client.post(
        reverse("games:seal", args=[game.pk]),
        {
            "sealer": "white",
            "sealed_move": move,
            "white_used": "6000",
            "black_used": "6500",
            "adjourned_at": "2020-05-23T20:00",
            "resumes_at": "2020-05-24T10:00",
        },
        **options,
    )


RESUMED_ON_TIME = {
    "session_start": "2020-05-24T10:00",
    "ruled_at": "2020-05-24T10:05",
    "white_arrived": "2020-05-24T09:58",
    "black_arrived": "2020-05-24T09:59",
}
"""The resumption form: the session starts, both players are at the board in time."""


def test_a_resumed_game_is_no_longer_an_adjourned_board(client, chebanenko, arbiter, chief):
    client.force_login(arbiter)
    game = start(client, chebanenko)
    enter(client, game, FISCHER_12)
    seal(client, game)
    tournament = chebanenko
    round_page = reverse("tournaments:round", args=[tournament.pk, 1])
    crosstable = reverse("tournaments:crosstable", args=[tournament.pk])
    dashboard = reverse("tournaments:dashboard", args=[tournament.pk])
    assert 'value="adj" selected' in client.get(round_page).content.decode()
    client.force_login(chief)
    client.post(
        reverse("games:resume", args=[game.pk]),
        RESUMED_ON_TIME,
    )
    apply(client, Incident.objects.get(game=game, kind="resumption"))
    game.refresh_from_db()
    assert game.status == Game.Status.IN_PROGRESS
    assert game.pairing.result == Result.NOT_PLAYED
    assert 'value="adj" selected' not in client.get(round_page).content.decode()
    assert not client.get(dashboard).context["status"].adjourned.exists()
    assert ">A<" not in client.get(crosstable).content.decode()
    change = game.pairing.result_changes.last()
    assert (change.old_result, change.new_result) == (Result.ADJOURNED, Result.NOT_PLAYED)


def test_the_sealed_move_played_at_the_resumption_is_explained_in_the_pages_language(
    client, chebanenko, arbiter, chief
):
    """The audit trail's row for the sealed move added to the record is the ruling's, so
    it reads in Chinese on a Chinese page (it showed the English explanation before)."""
    client.force_login(arbiter)
    game = start(client, chebanenko)
    enter(client, game, FISCHER_12)
    seal(client, game)
    client.force_login(chief)
    client.post(
        reverse("games:resume", args=[game.pk]),
        {"session_start": "2020-05-24T10:00", "ruled_at": "2020-05-24T10:05"},
    )
    incident = Incident.objects.get(game=game, kind="resumption")
    apply(client, incident)
    moves_row = game.changes.filter(field="moves").last()
    assert moves_row.incident == incident
    page = client.get(
        reverse("games:detail", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="zh-hans"
    ).content.decode()
    assert incident.ruling["explanation"]["en"] not in page
    assert page.count(incident.ruling["explanation"]["zh"]) >= 3  # incidents, moves, status


def test_illegal_sealed_move_loses_at_the_resumption(client, chebanenko, arbiter, chief):
    client.force_login(arbiter)
    game = start(client, chebanenko)
    enter(client, game, FISCHER_12)
    seal(client, game, move="Qa8")
    client.force_login(chief)
    client.post(
        reverse("games:resume", args=[game.pk]),
        RESUMED_ON_TIME,
    )
    incident = Incident.objects.get(game=game, kind="resumption")
    assert incident.article == "10.16(3)"
    apply(client, incident)
    game.refresh_from_db()
    assert game.pairing.result == Result.BLACK_WINS
    assert game.pairing.result_changes.last().old_result == Result.ADJOURNED


def test_audit_trail_after_a_sequence_of_corrections(client, chebanenko, arbiter):
    client.force_login(arbiter)
    game = start(client, chebanenko)
    enter(client, game, "e4 e5")
    for result, reason in (("1-0", "resigned"), ("1/2-1/2", "wrong sheet"), ("0-1", "recount")):
        client.post(reverse("games:correct", args=[game.pk]), {"result": result, "reason": reason})
    results = list(
        GameChange.objects.filter(game=game, field="result").values_list(
            "old_value", "new_value", "reason"
        )
    )
    assert [(old["result"], new["result"], why) for old, new, why in results] == [
        ("*", "1-0", "resigned"),
        ("1-0", "1/2-1/2", "wrong sheet"),
        ("1/2-1/2", "0-1", "recount"),
    ]
    changes = game.pairing.result_changes.values_list("old_result", "new_result", "reason")
    assert list(changes) == [
        ("*", "1-0", "entry"),
        ("1-0", "1/2-1/2", "correction"),
        ("1/2-1/2", "0-1", "correction"),
    ]
    assert all(change.user == arbiter for change in GameChange.objects.filter(game=game))


def test_round_export_reimports_to_the_same_games(client, chebanenko, arbiter):
    from games.services import check_pgn

    client.force_login(arbiter)
    upload_page = upload(client, chebanenko, ROUND_ONE.name)
    form = upload_page.context["form"]
    data = {name: field.initial for name, field in form.fields.items() if field.initial}
    client.post(upload_page.redirect_chain[-1][0], data)
    exported = client.get(reverse("games:export", args=[chebanenko.pk]) + "?round=1")
    text = exported.content.decode()
    games = []
    import io

    stream = io.StringIO(text)
    while (parsed := chess.pgn.read_game(stream)) is not None:
        assert not parsed.errors
        games.append(parsed)
    stored = {
        g.pairing.board: g for g in Game.objects.filter(pairing__round__tournament=chebanenko)
    }
    assert [int(g.headers["Board"]) for g in games] == sorted(stored)
    for parsed in games:
        game = stored[int(parsed.headers["Board"])]
        assert parsed.headers["Round"] == "1"
        assert parsed.headers["Result"] == game.result
        assert [n.san() for n in parsed.mainline()] == game.sans()
    # Re-imported into a fresh copy of the boards, the games are the same.
    Game.objects.all().delete()
    checks = check_pgn(text, chebanenko)
    assert [c.status for c in checks] == ["clean"] * 4
    assert {c.pairing.board for c in checks} == set(stored)


def test_online_draw_offers_count_the_games_earlier_offers(client):
    """Online rules: after a rejected offer, no new offer until the opponent has offered."""
    user = UserFactory(username="friend")
    client.force_login(user)
    page = client.post(
        reverse("games:new"),
        {"white_name": "Anna", "black_name": "Bo", "ruleset": "online", "time_control": ""},
    )
    game = Game.objects.get()
    assert page.url == reverse("games:moves", args=[game.pk])
    # Sixteen moves each of Kasparov – Deep Blue 1997, game 1.
    enter(
        client,
        game,
        "Nf3 d5 g3 Bg4 b3 Nd7 Bb2 e6 Bg2 Ngf6 O-O c6 d3 Bd6 Nbd2 O-O "
        "h3 Bh5 e3 h6 Qe1 Qa5 a3 Bc7 Nh4 g5 Nhf3 e5 e4 Rfe8 Nh2 Qb6",
    )
    assert len(game.sans()) == 32
    _, first = rule(
        client, game, "draw_offer", {"by": "white", "timing": "after_move", "response": "rejected"}
    )
    assert first.ruling["details"]["offer_allowed"] is True
    apply(client, first)
    _, second = rule(
        client, game, "draw_offer", {"by": "white", "timing": "after_move", "response": "pending"}
    )
    assert second.ruling["details"]["offer_allowed"] is False
    assert "until the opponent has offered" in second.ruling["explanation"]["en"]


def test_a_bye_on_the_games_list_is_a_bye_not_a_game_to_play(client, chebanenko, arbiter):
    from tournaments.models import ByeKind, Round

    round_two = Round.objects.create(tournament=chebanenko, number=2, status="published")
    lone = chebanenko.players.first()
    Pairing.objects.create(round=round_two, board=1, white=lone, bye=ByeKind.PAIRING_ALLOCATED)
    client.force_login(arbiter)
    page = client.get(reverse("games:tournament", args=[chebanenko.pk])).content.decode()
    section = page.split("Round 2")[1]
    assert "Pairing-allocated bye" in section
    assert "not yet played" not in section


def test_rulings_name_unnumbered_provisions_and_cite_the_headings_article(
    client, chebanenko, arbiter
):
    client.force_login(arbiter)
    game = start(client, chebanenko)
    enter(client, game, FISCHER_12)
    seal(client, game)
    sealing = Incident.objects.get(game=game, kind="seal")
    page = client.get(reverse("games:incident", args=[game.pk, sealing.pk])).content.decode()
    assert "Article Adjournment" not in page
    assert "The adjournment procedure" in page
    assert "Resumption at 2020-05-24 10:00." in page  # as typed, not 2020-05-24T10:00:00+00:00
    other = start(client, chebanenko, board=2)
    enter(client, other, FISCHER_12)
    _, claim = rule(client, other, "draw_claim", {"claimant": "white", "claim": "threefold"})
    shown = client.get(reverse("games:incident", args=[other.pk, claim.pk])).content.decode()
    assert f"Article {claim.article}" in shown
    assert f"Penalty ({claim.article})" in claim.ruling["explanation"]["en"]


def test_a_classic_event_offers_no_online_house_rules(client, chebanenko, arbiter):
    client.force_login(arbiter)
    game = start(client, chebanenko)
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    for online_only in ("abandonment", "king_into_check", "automatic_draw"):
        assert reverse("games:incident_new", args=[game.pk, online_only]) not in page
        response = client.post(reverse("games:incident_new", args=[game.pk, online_only]), {})
        assert response.status_code == 404
    assert reverse("games:incident_new", args=[game.pk, "resignation"]) in page
    round_page = client.get(reverse("tournaments:round", args=[chebanenko.pk, 1]))
    assert 'value="void"' not in round_page.content.decode()
    chebanenko.ruleset = "online"
    chebanenko.save()
    Game.objects.filter(pk=game.pk).update(ruleset="online")
    online = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert reverse("games:incident_new", args=[game.pk, "abandonment"]) in online
    assert "/seal/" not in online  # no adjournments online
    round_page = client.get(reverse("tournaments:round", args=[chebanenko.pk, 1]))
    assert 'value="void"' in round_page.content.decode()


def test_game_pages_carry_the_mark_of_a_tournament_that_left_fide_mode(client, chebanenko, chief):
    """FIDE checklist A5: the mark is on every page of the tournament, its games' included."""
    from tests.factories import answering
    from tournaments.services import leave_fide_mode

    client.force_login(chief)
    game = start(client, chebanenko)
    pages = [
        reverse("games:detail", args=[game.pk]),
        reverse("games:moves", args=[game.pk]),
        reverse("games:incidents", args=[game.pk]),
        reverse("games:seal", args=[game.pk]),
        reverse("games:tournament", args=[chebanenko.pk]),
    ]
    for page in pages:
        assert "Not run in FIDE mode" not in client.get(page).text, page
    answering(leave_fide_mode, chebanenko, user=None, reason="club rules")
    mark = "Not run in FIDE mode: left it after round 1 was paired (club rules)."
    for page in pages:
        assert mark in client.get(page).text, page


def test_clock_readings_show_as_the_clock_shows_them(client, chebanenko, arbiter):
    """Issue: each move's clock read "7179s"; an arbiter reads a clock as 1:59:39."""
    from games.services import create_game, save_moves

    game = create_game(
        pairing=Pairing.objects.get(round__tournament=chebanenko, board=1), user=None
    )
    save_moves(game, ["e4", "e5"], user=None, clocks={1: (7179.0, 21.0), 2: (7163.0, 37.0)})
    client.force_login(arbiter)
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert '<span class="clock">1:59:39</span>' in page
    assert '<span class="clock">1:59:23</span>' in page
    assert "7179s" not in page


def test_the_arbiter_keeps_score_when_neither_player_records(client, chebanenko, arbiter):
    """11.3: both players under five minutes stop recording; the arbiter rules from the
    game's page that he keeps score, and says nothing of the move count."""
    client.force_login(arbiter)
    game = start(client, chebanenko)
    enter(client, game, FISCHER_12)
    assert reverse("games:incident_new", args=[game.pk, "arbiter_keeps_score"]) in (
        client.get(reverse("games:detail", args=[game.pk])).content.decode()
    )
    page, incident = rule(
        client,
        game,
        "arbiter_keeps_score",
        {"white_remaining": "170", "black_remaining": "95", "moves_asked": "on"},
    )
    assert (incident.kind, incident.article, incident.decision) == (
        "arbiter_keeps_score",
        "11.3",
        "play_on",
    )
    text = page.content.decode()
    assert "the arbiter (or a deputy) keeps score" in text and "gets no answer" in text
    chinese = client.get(
        reverse("games:incident", args=[game.pk, incident.pk]), HTTP_ACCEPT_LANGUAGE="zh-hans"
    ).content.decode()
    assert "由裁判员（或副裁判）记录" in chinese
