"""Each ruling cites its ruleset's article: classic the adjournment-era numbers, fide2023 the
FIDE Laws of Chess 2023 (numbers as printed in those Laws, quoted in the docstrings below).

The incident examples of the README are applied to their real games under fide2023; the
other ruling kinds (claims, endings, touch move, offers, scoresheets) use the real games
and published positions the other rules tests use.
"""

import ast
import re
from datetime import datetime
from pathlib import Path

import chess
import pytest

from games.rules.articles import CONCEPTS, UnknownConceptError
from games.rules.claims import ClaimClock, ClaimKind, DrawClaim, decide_claim
from games.rules.clocks import parse_time_control
from games.rules.endings import analyse_ending, flag_fall_ruling
from games.rules.incidents import (
    Attendance,
    CastlingSide,
    DrawOffer,
    IllegalMoveFound,
    OfferResponse,
    OfferTiming,
    Reconstruction,
    RefusalToRecord,
    ScoresheetCheck,
    ScoresheetCompletion,
    TouchMoveClaim,
    read_replayed_game,
    replay_moves,
    rule_draw_offer,
    rule_incident,
    rule_lateness,
    rule_refusal_to_record,
    rule_scoresheet_check,
    rule_scoresheet_completion,
    rule_touch_move,
)
from games.rules.incidents.files import load_incident
from games.rules.records import game_from_moves, read_pgn
from games.rules.replay import replay
from games.rules.rulesets import CLASSIC, FIDE2023, ONLINE, get_ruleset

from ._data import DATA

INCIDENTS = DATA / "incidents"
EXAMPLES = INCIDENTS / "examples"
RULES_PACKAGE = Path(__file__).resolve().parents[3] / "games" / "rules"


def game(name: str):
    return read_replayed_game((INCIDENTS / name).read_text(encoding="utf-8"))


def example(kind: str) -> object:
    return load_incident((EXAMPLES / f"{kind}.json").read_text(encoding="utf-8"))


def test_every_ruleset_numbers_every_concept():
    for ruleset in (CLASSIC, FIDE2023, ONLINE):
        assert ruleset.articles.concepts() == CONCEPTS


def test_an_unknown_concept_is_an_error_naming_it():
    with pytest.raises(UnknownConceptError, match=r"the concept 'claim\.threefolds'"):
        FIDE2023.article("claim.threefolds")


def _concepts_used_in_the_package() -> set[str]:
    prefixes = {concept.split(".")[0] for concept in CONCEPTS}
    pattern = re.compile(rf"^({'|'.join(sorted(prefixes))})\.[a-z_.]+$")
    used = set()
    for path in RULES_PACKAGE.rglob("*.py"):
        if path.name == "articles.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            is_text = isinstance(node, ast.Constant) and isinstance(node.value, str)
            if is_text and pattern.match(node.value):
                used.add(node.value)
    return used


def test_the_rulings_cite_known_concepts_and_every_concept_is_cited():
    """A misspelt concept would only fail on its own branch at run time: catch it here."""
    used = _concepts_used_in_the_package()
    assert used - CONCEPTS == set()
    assert CONCEPTS - used == set()


def test_no_article_number_is_written_in_a_ruling():
    """The article is the ruleset's datum: no call of ``ruling(...)`` spells one."""
    number = re.compile(r"^(\d+\.\d|[A-Z]\.\d|Adjournment$|.*\(online\)$)")
    for path in RULES_PACKAGE.rglob("*.py"):
        if path.name == "articles.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "ruling":
                cited = node.args[2] if len(node.args) > 2 else None
                if isinstance(cited, ast.Constant):
                    assert not number.match(str(cited.value)), (path.name, cited.value)


# kind: (game, decision, score, article under fide2023). The README's example incidents.
FIDE2023_EXAMPLES = {
    # 6.7.1 "Any player who arrives at the chessboard after the default time shall lose the
    # game" (default time zero unless the regulations say otherwise).
    "lateness": ("fischer-spassky-1972-game6-unplayed.pgn", "game_over", "0-1", "6.7.1"),
    # 7.5.5 two minutes to the opponent, the ruling's penalty (7.5.1: the position before the
    # illegal move is reinstated, named in the explanation).
    "illegal_move": ("fischer-spassky-1972-game6-illegal-13qh4.pgn", "play_on", None, "7.5.5"),
    # 7.6 a piece found displaced: the position before the irregularity is reinstated.
    "displaced_pieces": ("fischer-spassky-1972-game6-after-27.pgn", "play_on", None, "7.6"),
    # 7.4.1 "he/she shall re-establish the correct position in his/her own time".
    "knocked_over": ("fischer-spassky-1972-game6-after-27.pgn", "play_on", None, "7.4.1"),
    # 7.2.1 incorrect initial position: "the game shall be cancelled".
    "wrong_initial_position": ("nepomniachtchi-liren-game1-after-4.pgn", "annul", None, "7.2.1"),
    # 7.3 colours reversed, fewer than 10 moves: "a new game played with the correct colours".
    "colours_reversed": ("nepomniachtchi-liren-game1-after-4.pgn", "annul", None, "7.3"),
    # 7.2.2 the position is transferred to a correctly placed chessboard.
    "board_misplaced": ("fischer-spassky-1972-game6-after-27.pgn", "play_on", None, "7.2.2"),
    # 4.3.3 one piece of each colour: capture the first touched opponent's piece with it.
    "touch_move": ("nepomniachtchi-liren-game1-after-4.pgn", "play_on", None, "4.3.3"),
    # 9.1.2.1 "An offer at any other time during play is still valid".
    "draw_offer": ("fischer-spassky-1972-game6-after-27.pgn", "play_on", None, "9.1.2.1"),
    # 8.1.1 each player records his own moves and those of his opponent.
    "scoresheet_check": ("nepomniachtchi-liren-game1-after-4.pgn", "play_on", None, "8.1.1"),
    # 8.5.1 neither player kept score: both update their scoresheets, the clock paused.
    "scoresheet_completion": ("fischer-spassky-1972-game6-after-27.pgn", "play_on", None, "8.5.1"),
    # 8.5.2 "he/she may use his/her opponent's scoresheet".
    "scoresheet_borrowing": ("fischer-spassky-1972-game6-after-27.pgn", "play_on", None, "8.5.2"),
    # 11.7 "Persistent refusal by a player to comply with the Laws ... loss of the game".
    "refusal_to_record": ("fischer-spassky-1972-game6-after-27.pgn", "game_over", "1-0", "11.7"),
    # 8.5.1 "If neither player is required to keep score under Article 8.4, the arbiter or
    # an assistant should try to be present and keep score."
    "arbiter_keeps_score": ("fischer-spassky-1972-game6-after-27.pgn", "play_on", None, "8.5.1"),
    # 6.9 flag fall: "the game is lost by that player".
    "flag_fall": ("nepomniachtchi-liren-game1.pgn", "game_over", "1-0", "6.9"),
    # 5.1.2 "The game is lost by the player who declares he/she resigns".
    "resignation": ("fischer-spassky-1972-game6.pgn", "game_over", "1-0", "5.1.2"),
}


@pytest.mark.parametrize("kind", sorted(FIDE2023_EXAMPLES))
def test_fide2023_cites_the_2023_laws_for_each_incident(kind):
    name, decision, score, article = FIDE2023_EXAMPLES[kind]
    ruling = rule_incident(game(name), example(kind), FIDE2023)
    assert (ruling.decision.value, score and ruling.result, ruling.article) == (
        decision,
        score,
        article,
    )


def test_adjournment_is_refused_under_fide2023_but_cited_under_classic():
    """fide2023 plays every game to a finish; the classic envelope is 'Adjournment'."""
    record = game("fischer-spassky-1972-game6-after-27.pgn")
    assert rule_incident(record, example("seal"), CLASSIC).article == "Adjournment"
    for kind in ("seal", "resumption"):
        with pytest.raises(ValueError, match="fide2023 ruleset has no adjournment"):
            rule_incident(record, example(kind), FIDE2023)


def test_an_organiser_adjourning_under_fide2023_cites_the_guidelines():
    """Guidelines I.8.1: the game is lost by a player whose sealed move "is ambiguous" — for
    an event that announces adjournments under the 2023 Laws."""
    record = game("fischer-spassky-1972-game6-after-27.pgn")
    adjourning = get_ruleset("fide2023", adjournment=True)
    ruling = rule_incident(record, example("resumption"), adjourning)
    assert (ruling.result, ruling.article) == ("0-1", "I.8.1")


# Threefold claims: the knights go out and back twice from the start position.
SHUFFLE = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]


def _played(moves):
    board = chess.Board()
    for san in moves:
        board.push_san(san)
    return board


@pytest.mark.parametrize(
    ("moves", "claim", "classic", "fide2023"),
    [
        # 9.2.2 the position "has just appeared, and the player claiming the draw has the move".
        (SHUFFLE, DrawClaim(chess.WHITE, ClaimKind.THREEFOLD), "10.10(2)", "9.2.2"),
        # 9.2.1 "is about to appear, if he/she first indicates his/her move ... by writing it".
        (
            SHUFFLE[:-1],
            DrawClaim(chess.BLACK, ClaimKind.THREEFOLD, written_move="Ng8"),
            "10.10(1)",
            "9.2.1",
        ),
    ],
)
def test_correct_threefold_claims(moves, claim, classic, fide2023):
    board = _played(moves)
    assert decide_claim(board, claim, CLASSIC).article == classic
    assert decide_claim(board, claim, FIDE2023).article == fide2023


def test_a_player_who_moved_on_has_lost_the_claim():
    """2023 Laws 9.4: "If the player touches a piece as in Article 4.3, he/she loses the right
    to claim a draw under Article 9.2 or 9.3 on that move" (classic 10.11)."""
    board = _played([*SHUFFLE, "Nc3"])
    claim = DrawClaim(chess.WHITE, ClaimKind.THREEFOLD)
    assert decide_claim(board, claim, CLASSIC).explanation.en.startswith("Claim incorrect (10.11):")
    rejected = decide_claim(board, claim, FIDE2023)
    assert rejected.article == "9.5.3"
    assert rejected.explanation.en.startswith("Claim incorrect (9.4):")
    assert rejected.explanation.zh.startswith("要求不正确（9.4）")


def test_an_incorrect_claim_is_9_5_3_with_two_minutes_to_the_opponent():
    """9.5.3 "If the claim is found to be incorrect, the arbiter shall add two minutes to the
    opponent's remaining thinking time"; the explanation names the claim's own article."""
    board = _played(SHUFFLE[:4])
    claim = DrawClaim(chess.WHITE, ClaimKind.THREEFOLD)
    modern = decide_claim(board, claim, FIDE2023)
    assert (modern.article, modern.clock_adjustments[0].seconds) == ("9.5.3", 120)
    assert "(9.2.2)" in modern.explanation.en and "（9.2.2）" in modern.explanation.zh
    assert modern.explanation.en.endswith("Black receives 2 minutes extra time.")
    assert modern.explanation.zh.endswith("黑方获得2分钟额外时间。")
    classic = decide_claim(board, claim, CLASSIC)
    assert classic.article == "10.13(2)" and "(10.10(2))" in classic.explanation.en
    assert classic.explanation.en.endswith("5 minutes are added to White's used time.")


def test_a_penalty_loss_against_a_lone_king_is_a_draw_citing_10_5():
    """Classic: the 5-minute penalty oversteps the claimant's time, but the opponent has a
    lone king (10.5). K+R v K, White claims fifty moves after 40 quiet moves each."""
    board = chess.Board("8/8/8/4k3/8/8/8/R3K3 w - - 80 120")
    clock = ClaimClock(parse_time_control("40/7200:3600"), claimant_used=10_790)
    ruling = decide_claim(
        board, DrawClaim(chess.WHITE, ClaimKind.FIFTY_MOVES), CLASSIC, clock=clock
    )
    assert (ruling.result, ruling.article) == ("1/2-1/2", "10.5")


@pytest.mark.parametrize(
    ("moves", "fen", "classic", "fide2023"),
    [
        # 5.1.1 checkmate (the fool's mate).
        (["f3", "e5", "g4", "Qh4#"], None, "10.1", "5.1.1"),
        # 5.2.1 stalemate.
        (["Qb6"], "k7/8/8/1Q6/8/8/8/6K1 w - - 0 1", "10.3", "5.2.1"),
        # 5.2.2 dead position: K+B v K once the last pawn is taken.
        (["Kxd2"], "8/8/8/8/8/k7/3p4/3K1B2 w - - 0 60", "10.4", "5.2.2"),
    ],
)
def test_endings_on_the_board(moves, fen, classic, fide2023):
    record = game_from_moves(moves, fen=fen)
    assert analyse_ending(replay(record), CLASSIC).ending.article == classic
    assert analyse_ending(replay(record), FIDE2023).ending.article == fide2023


def test_seventy_five_moves_is_9_6_2():
    """9.6.2 "any series of at least 75 moves have been made by each player without the
    movement of any pawn and without any capture"."""
    record = game_from_moves(["Rb2"], fen="8/8/8/8/8/k7/8/KR6 w - - 149 120")
    assert analyse_ending(replay(record), FIDE2023).ending.article == "9.6.2"


def test_a_lone_king_declared_the_winner_names_the_ruleset_article():
    """The report's finding cites 10.5 (classic) or 6.9 (2023: the opponent "cannot
    checkmate the player's king by any possible series of legal moves")."""
    text = '[FEN "4k3/8/8/8/8/8/3Q4/4K3 b - - 0 1"]\n[Result "0-1"]\n\n1... Kf7 0-1\n'
    record = next(read_pgn(text.splitlines(keepends=True)))
    found = {
        ruleset.name: analyse_ending(replay(record), ruleset).mismatch
        for ruleset in (CLASSIC, FIDE2023)
    }
    assert found == {
        "classic": "Result 0-1 but Black has a lone king and cannot win (10.5)",
        "fide2023": "Result 0-1 but Black has a lone king and cannot win (6.9)",
    }


def test_fivefold_repetition_is_9_6_1():
    record = game_from_moves(SHUFFLE * 2)
    assert analyse_ending(replay(record), FIDE2023).ending.article == "9.6.1"


def test_flag_fall_and_lone_king_cite_6_9_under_fide2023():
    """6.9: the flag fall loses, "however, the game is drawn if the position is such that the
    opponent cannot checkmate the player's king by any possible series of legal moves"."""
    rich = chess.Board()
    assert flag_fall_ruling(rich, chess.WHITE, FIDE2023).article == "6.9"
    assert flag_fall_ruling(rich, chess.WHITE, CLASSIC).article == "10.14"
    lone = chess.Board("8/8/8/4k3/8/8/8/R3K3 b - - 0 60")
    assert flag_fall_ruling(lone, chess.WHITE, FIDE2023).article == "6.9"
    assert flag_fall_ruling(lone, chess.WHITE, CLASSIC).article == "10.5"


def test_both_players_late_lose_under_6_7_1():
    start = datetime(2023, 4, 9, 15, 0)
    both_absent = Attendance(start, ruled_at=datetime(2023, 4, 9, 16, 1))
    record = game("fischer-spassky-1972-game6-unplayed.pgn")
    assert rule_lateness(record, both_absent, CLASSIC).article == "10.17"
    assert rule_lateness(record, both_absent, FIDE2023).article == "6.7.1"


@pytest.fixture(scope="module")
def move_5():
    """Nepomniachtchi–Ding 2023/1 after 4...Nf6, White to play his fifth move."""
    return game("nepomniachtchi-liren-game1-after-4.pgn")


@pytest.mark.parametrize(
    ("touched", "options", "classic", "fide2023"),
    [
        # 4.2.1 "I adjust".
        (("f3",), {"adjusted": True}, "7.1", "4.2.1"),
        # 4.3.1 own pieces: "move the first piece touched that can be moved".
        (("f3", "b1"), {}, "7.2(1)", "4.3.1"),
        # 4.3.2 opponent's pieces: "capture the first piece touched that can be captured".
        (("e5",), {}, "7.2", "4.3.2"),
        # 4.5 "If none of the pieces touched ... can be moved or captured".
        (("c1",), {}, "7.3", "4.5"),
        # 4.8 the claimant touched a piece himself first.
        (("f3",), {"claimant_touched_first": True}, "7.4", "4.8"),
        # 4.4.2 a rook and then the king: no castling with that rook.
        (("a1", "e1"), {}, "5.1(3)", "4.4.2"),
        # 4.4.3 the king touched to castle where castling is illegal: another king move.
        (("e1",), {"castling": CastlingSide.QUEENSIDE}, "5.1(4)", "4.4.3"),
    ],
)
def test_touch_move(move_5, touched, options, classic, fide2023):
    claim = TouchMoveClaim(touched=touched, **options)
    assert rule_touch_move(move_5, claim, CLASSIC).article == classic
    assert rule_touch_move(move_5, claim, FIDE2023).article == fide2023


@pytest.mark.parametrize(
    ("timing", "response", "classic", "fide2023"),
    [
        # 9.1.2.1 "after having made a move on the chessboard and before pressing his clock".
        (OfferTiming.AFTER_MOVE, OfferResponse.PENDING, "10.7", "9.1.2.1"),
        (OfferTiming.OWN_TIME, OfferResponse.REJECTED, "10.9", "9.1.2.1"),
        # Guidelines I.4: an offer after the opponent has sealed.
        (OfferTiming.AFTER_SEALING, OfferResponse.PENDING, "10.9", "I.4"),
        # 5.2.3 "The game is drawn upon agreement between the two players".
        (OfferTiming.AFTER_MOVE, OfferResponse.ACCEPTED, "10.6", "5.2.3"),
    ],
)
def test_draw_offers(move_5, timing, response, classic, fide2023):
    offer = DrawOffer(chess.WHITE, timing, response)
    assert rule_draw_offer(move_5, offer, CLASSIC).article == classic
    assert rule_draw_offer(move_5, offer, FIDE2023).article == fide2023


def test_scoresheets(move_5):
    sheet = ("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4")
    exempt = ScoresheetCheck(chess.WHITE, sheet, remaining_seconds=200)
    # 8.4 less than five minutes left: no duty to record for the rest of the period.
    assert rule_scoresheet_check(move_5, exempt, FIDE2023).article == "8.4"
    passed = ScoresheetCheck(chess.WHITE, sheet, control_passed=True)
    # 8.5.2 only one player must update "before moving a piece on the chessboard".
    assert rule_scoresheet_check(move_5, passed, FIDE2023).article == "8.5.2"
    behind = ScoresheetCheck(chess.WHITE, sheet)
    ruling = rule_scoresheet_check(move_5, behind, FIDE2023)
    assert ruling.article == "8.1.1" and "(8.5.2)" in ruling.explanation.en
    assert "（8.5.2）" in ruling.explanation.zh
    assert "(11.5)" in rule_scoresheet_check(move_5, behind, CLASSIC).explanation.en
    # 8.5.3 reconstruction on a second chessboard; 8.6 the next move is the first of the
    # following period.
    on_board = ScoresheetCompletion(True, True, reconstruction=Reconstruction.BOARD)
    assert rule_scoresheet_completion(move_5, on_board, FIDE2023).article == "8.5.3"
    lost = ScoresheetCompletion(True, True, reconstruction=Reconstruction.IMPOSSIBLE)
    assert rule_scoresheet_completion(move_5, lost, FIDE2023).article == "8.6"


def test_refusing_to_record(move_5):
    """11.7 loses; 11.8 "If both players are found guilty ... lost by both players"."""
    both = RefusalToRecord((chess.WHITE, chess.BLACK))
    ruling = rule_refusal_to_record(move_5, both, FIDE2023)
    assert (ruling.result, ruling.article) == ("0-0", "11.8")
    assert "(8.1.1)" in ruling.explanation.en and "（8.1.1）" in ruling.explanation.zh
    assert "(11.4)" in rule_refusal_to_record(move_5, both, CLASSIC).explanation.en


def test_second_illegal_move_loses_under_7_5_5():
    """7.5.5 "for the second completed illegal move by the same player the arbiter shall
    declare the game lost by this player"."""
    record = replay_moves(["e4", "e5", "Ke3"])
    ruling = rule_incident(record, IllegalMoveFound(earlier_illegal_moves=1), FIDE2023)
    assert (ruling.result, ruling.article) == ("0-1", "7.5.5")


def test_the_online_room_cites_its_house_rules_by_name():
    assert ONLINE.article("online.draw_offer_refused") == "Draw offers (online)"
    assert ONLINE.article("claim.penalty") == "10.13(2)"
