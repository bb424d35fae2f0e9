"""A team event's TRF-2026 document read into a :class:`TeamSheet`, and a sheet written as one.

Reading: the teams come from records 310 (else 013); each round's matches from the player
lines (two players of different teams who name each other), record 330 (matches forfeited as
a whole; its White team is team A) and record 300 (a line-up out of the roster's order, or
with an unoccupied board, ``0000``). A team's line-up is its players of the round in roster
order unless a record 300 gives it; the other team's players sit on the boards of the
players they met, and a player who met nobody (``0000 - +``: the board opposite was empty) on
a free board. Team A is the team whose player has the colour the board colour sequence
(record 352) gives team A. Byes come from records 320 (pairing-allocated) and 240.

Writing (:func:`team_document`): the player lines round by round, then records 310 (with match
points, game points and rank), 320, 240, 330 and 300, after the headers 012, 042, 092, 142,
162, 192, 352 and 362 (this one when the team point system is not 2 / 1 / 0).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from tournaments.scoring.sheet import Color, Outcome
from tournaments.scoring.teams.points import team_results, totals
from tournaments.scoring.teams.sheet import (
    Board,
    ByeKind,
    Match,
    MatchForfeit,
    MatchPointSystem,
    Team,
    TeamBye,
    TeamRound,
    TeamSheet,
)
from tournaments.trf import points as trf_points
from tournaments.trf.document import TrfDocument, TrfGame, TrfPlayer, TrfRecord
from tournaments.trf.errors import TrfError
from tournaments.trf.teams import (
    ForfeitedMatch,
    IdList,
    OutOfOrder,
    PairingByes,
    TeamLine,
    TeamRecords,
    TeamScoring,
    format_240,
    format_300,
    format_310,
    format_320,
    format_330,
    format_362,
    team_records,
)

_BYES_240 = {"F": ByeKind.FULL, "H": ByeKind.HALF, "Z": ByeKind.ZERO}


def read_team_sheet(document: TrfDocument) -> TeamSheet:
    """The team sheet of a TRF document with team records; raises TrfError without them."""
    records = team_records(document)
    if not records.is_team_event:
        raise TrfError("not a team event: the file has no team record (310 or 013)")
    teams = [
        Team(t.number, t.name, tuple(p for p in t.players if p), t.nickname, t.strength)
        for t in records.teams
    ]
    reader = _RoundReader(document, records, teams)
    rounds = tuple(reader.round(number) for number in range(1, reader.last_round() + 1))
    boards = len(records.colors) or max(
        (len(m.boards) for r in rounds for m in r.matches), default=0
    )
    return TeamSheet(
        name=document.name,
        teams=teams,
        rounds=rounds,
        boards=boards,
        game_points=document.point_system,
        match_points=_match_point_system(records),
        colors=records.colors,
        round_robin=_round_robin(document),
        start_date=document.start_date,
    )


def _match_point_system(records: TeamRecords) -> MatchPointSystem:
    scoring, default = records.scoring, MatchPointSystem()
    pab = records.pairing_byes[0] if records.pairing_byes else None
    return MatchPointSystem(
        win=default.win if scoring.win is None else scoring.win,
        draw=default.draw if scoring.draw is None else scoring.draw,
        loss=default.loss if scoring.loss is None else scoring.loss,
        pairing_bye=pab.match_points if pab else None,
        pairing_bye_game_points=pab.game_points if pab else None,
    )


def _round_robin(document: TrfDocument) -> bool | None:
    kind = (document.header("192") + " " + document.header("092")).upper()
    if "ROBIN" in kind or "BERGER" in kind:
        return True
    if "SWISS" in kind or "FIDE_TEAM" in kind:
        return False
    return None


class _RoundReader:
    def __init__(self, document: TrfDocument, records: TeamRecords, teams: list[Team]):
        self.records = records
        self.teams = teams
        self.team_of = {p: t.number for t in teams for p in t.roster}
        self.position = {p: i for t in teams for i, p in enumerate(t.roster)}
        self.players = {p.start_rank: p for p in document.players}
        self.played = document.played_rounds
        self.colors = records.colors

    def last_round(self) -> int:
        numbers = [self.played]
        numbers += [f.round for f in self.records.forfeits]
        numbers += [o.round for o in self.records.out_of_order]
        numbers += [b.first_round for b in self.records.byes]
        numbers += [len(p.teams) for p in self.records.pairing_byes]
        return max(numbers)

    def game(self, player: int | None, number: int) -> TrfGame | None:
        if player is None or player not in self.players:
            return None
        return self.players[player].game(number)

    def round(self, number: int) -> TeamRound:
        forfeits = {
            frozenset((f.white, f.black)): f for f in self.records.forfeits if f.round == number
        }
        lineups = {o.team: o for o in self.records.out_of_order if o.round == number}
        pairs: list[frozenset[int]] = list(forfeits)
        pairs += [frozenset((o.team, o.opponent)) for o in lineups.values()]
        for player, team in self.team_of.items():
            game = self.game(player, number)
            if game is not None and game.opponent in self.team_of:
                pairs.append(frozenset((team, self.team_of[game.opponent])))
        matches: list[Match] = []
        seen: set[int] = set()
        for pair in sorted(set(pairs), key=lambda p: min(p)):
            if len(pair) != 2 or pair & seen:
                raise TrfError(f"round {number}: team {min(pair)} is in two matches")
            seen |= pair
            matches.append(self.match(number, pair, forfeits.get(pair), lineups))
        return TeamRound(number, tuple(matches), self.byes(number, seen))

    def byes(self, number: int, paired: set[int]) -> tuple[TeamBye, ...]:
        byes = []
        for pab in self.records.pairing_byes:
            if len(pab.teams) >= number and pab.teams[number - 1]:
                byes.append(TeamBye(pab.teams[number - 1] or 0, ByeKind.PAIRING))
        for line in self.records.byes:
            if line.first_round == number:
                kind = _BYES_240.get(line.kind.upper(), ByeKind.ZERO)
                byes += [TeamBye(team, kind) for team in line.ids]
        return tuple(bye for bye in byes if bye.team not in paired)

    def match(
        self,
        number: int,
        pair: frozenset[int],
        forfeit: ForfeitedMatch | None,
        given: Mapping[int, OutOfOrder],
    ) -> Match:
        first, second = sorted(pair)
        if second in given and first not in given:
            first, second = second, first
        lead = self.lineup(number, first, given)
        other = self.placed(number, second, lead, given)
        size = max(len(self.colors), len(lead), len(other))
        lead += [None] * (size - len(lead))
        other += [None] * (size - len(other))
        team_a = forfeit.white if forfeit else self.white_team(number, first, lead, second, other)
        if team_a != first:
            first, second, lead, other = second, first, other, lead
        boards = tuple(
            self.board(number, k, pa, pb)
            for k, (pa, pb) in enumerate(zip(lead, other, strict=True), start=1)
            if pa is not None or pb is not None
        )
        kind = {"+-": MatchForfeit.A_WINS, "-+": MatchForfeit.B_WINS, "--": MatchForfeit.BOTH_LOSE}
        return Match(first, second, boards, kind[forfeit.kind] if forfeit else None)

    def members(self, number: int, team: int) -> list[int]:
        """The team's players of the round, in roster order: those with an opponent or a win
        (``0000 - +``, the board opposite empty). ``0000 - -`` is a player who did not play
        (Swiss-Manager writes every reserve's round so); it scores nothing either way."""
        players = [p for p, t in self.team_of.items() if t == team]
        return sorted(
            (p for p in players if self.in_lineup(p, number)), key=self.position.__getitem__
        )

    def in_lineup(self, player: int, number: int) -> bool:
        game = self.game(player, number)
        return game is not None and (game.opponent is not None or game.result == "+")

    def lineup(self, number: int, team: int, given: Mapping[int, OutOfOrder]) -> list[int | None]:
        if team in given:
            return list(given[team].players)
        return list(self.members(number, team))

    def placed(
        self, number: int, team: int, lead: Sequence[int | None], given: Mapping[int, OutOfOrder]
    ) -> list[int | None]:
        """The other team's players on the boards of the lead team's players they met."""
        if team in given:
            return list(given[team].players)
        slots: list[int | None] = [None] * len(lead)
        members = self.members(number, team)
        for board, player in enumerate(lead):
            game = self.game(player, number)
            if game is not None and game.opponent in members:
                slots[board] = game.opponent
        rest = [p for p in members if p not in slots]
        for board, player in enumerate(lead):
            game = self.game(player, number)
            if rest and slots[board] is None and (game is None or game.opponent is None):
                slots[board] = rest.pop(0)
        return slots + rest

    def white_team(
        self, number: int, first: int, lead: list[int | None], second: int, other: list[int | None]
    ) -> int:
        for board, player in enumerate(lead, start=1):
            game = self.game(player, number)
            if game is not None and game.sheet_color is not None:
                expected = _board_color(self.colors, board)
                return first if game.sheet_color is expected else second
        for board, player in enumerate(other, start=1):
            game = self.game(player, number)
            if game is not None and game.sheet_color is not None:
                expected = _board_color(self.colors, board)
                return second if game.sheet_color is expected else first
        return first

    def board(self, number: int, board: int, pa: int | None, pb: int | None) -> Board:
        ga, gb = self.game(pa, number), self.game(pb, number)
        oa = ga.outcome if ga is not None else Outcome.FORFEIT_LOSS
        ob = gb.outcome if gb is not None else Outcome.FORFEIT_LOSS
        return Board(board, pa, pb, oa, ob)


def _board_color(colors: str, board: int) -> Color:
    """Team A's colour on ``board``."""
    sequence = (colors or "WB").upper()
    return Color.WHITE if sequence[(board - 1) % len(sequence)] == "W" else Color.BLACK


# ---- writing --------------------------------------------------------------------------------


def team_document(
    sheet: TeamSheet,
    *,
    player_names: Mapping[int, str] | None = None,
    headers: Sequence[TrfRecord] = (),
) -> TrfDocument:
    """A TRF-2026 document of ``sheet``: headers, player lines, team records."""
    names = player_names or {}
    players = [p for team in sheet.teams for p in team.roster]
    entries: list[TrfPlayer | TrfRecord] = [*_headers(sheet), *headers]
    blocks = _player_blocks(sheet)
    for player in sorted(players):
        games = blocks.get(player, {})
        last = max(games, default=0)
        entries.append(
            TrfPlayer(
                start_rank=player,
                name=names.get(player, f"Player {player}"),
                games=tuple(games.get(n) for n in range(1, last + 1)),
            )
        )
    entries += [TrfRecord(line) for line in team_record_lines(sheet)]
    return TrfDocument(entries=tuple(entries))


def _headers(sheet: TeamSheet) -> list[TrfRecord]:
    round_robin = bool(sheet.round_robin)
    lines = [f"012 {sheet.name}"]
    if sheet.start_date is not None:
        lines.append(f"042 {sheet.start_date:%Y/%m/%d}")
    lines.append("092 " + ("Team round robin" if round_robin else "Team Swiss"))
    lines.append(f"142 {sheet.played_rounds}")
    lines.append("162" + trf_points.record_162_value(sheet.game_points))
    lines.append("192 " + ("FIDE_TEAM_ROUNDROBIN" if round_robin else "FIDE_TEAM_MP_GP"))
    lines.append("352 " + (sheet.colors or ("WB" * sheet.boards)[: sheet.boards]))
    system = sheet.match_points
    if (system.win, system.draw, system.loss) != (Fraction(2), Fraction(1), Fraction(0)):
        lines.append(format_362(TeamScoring(system.win, system.draw, system.loss)))
    return [TrfRecord(line) for line in lines]


def _player_blocks(sheet: TeamSheet) -> dict[int, dict[int, TrfGame]]:
    blocks: dict[int, dict[int, TrfGame]] = {}
    for team_round in sheet.each_round():
        for match in team_round.matches:
            for board in match.boards:
                for side, player, opponent, outcome in (
                    ("a", board.player_a, board.player_b, board.outcome_a),
                    ("b", board.player_b, board.player_a, board.outcome_b),
                ):
                    if player is None:
                        continue
                    color = sheet.board_color(board.number, side).value if opponent else "-"
                    game = TrfGame(opponent=opponent, color=color, result=outcome.value)
                    blocks.setdefault(player, {})[team_round.number] = game
    return blocks


def team_record_lines(sheet: TeamSheet) -> list[str]:
    """Records 310, 320, 240, 330 and 300 of ``sheet``."""
    results = team_results(sheet)
    mp, gp = totals(results)
    order = sorted(mp, key=lambda t: (-mp[t], -gp[t]))
    rank = {t: 1 + sum(1 for o in order if (mp[o], gp[o]) > (mp[t], gp[t])) for t in order}
    lines = [
        format_310(
            TeamLine(
                t.number,
                t.name,
                t.roster,
                t.nickname,
                t.strength,
                mp[t.number],
                gp[t.number],
                rank[t.number],
            )
        )
        for t in sheet.teams
    ]
    lines += _pairing_bye_lines(sheet)
    rounds = list(sheet.each_round())
    for team_round in rounds:
        for kind in (ByeKind.FULL, ByeKind.HALF, ByeKind.ZERO):
            ids = tuple(b.team for b in team_round.byes if b.kind is kind)
            if ids:
                lines.append(format_240(IdList("240", team_round.number, ids, kind.value)))
    for team_round in rounds:
        for match in team_round.matches:
            if match.forfeit is not None:
                forfeit = ForfeitedMatch(
                    match.forfeit.value, team_round.number, match.team_a, match.team_b
                )
                lines.append(format_330(forfeit))
    for team_round in rounds:
        for match in team_round.matches:
            lines += _out_of_order_lines(team_round.number, match)
    return lines


def _pairing_bye_lines(sheet: TeamSheet) -> list[str]:
    teams = []
    for team_round in sheet.each_round():
        pab = [b.team for b in team_round.byes if b.kind is ByeKind.PAIRING]
        teams.append(pab[0] if pab else None)
    if not any(teams):
        return []
    system = sheet.match_points
    points = PairingByes(
        system.pairing_bye_match_points,
        system.bye_game_points(ByeKind.PAIRING, sheet.boards, sheet.game_points),
        tuple(teams),
    )
    return [format_320(points)]


def _out_of_order_lines(number: int, match: Match) -> list[str]:
    """Record 300 for a side whose line-up has an unoccupied board (a forfeited match's
    line-ups follow from record 330)."""
    if match.forfeit is not None:
        return []
    lines = []
    for team, players in (
        (match.team_a, match.players(match.team_a)),
        (match.team_b, match.players(match.team_b)),
    ):
        if None in players:
            opponent = match.opponent(team)
            lines.append(format_300(OutOfOrder(number, team, opponent, tuple(players))))
    return lines
