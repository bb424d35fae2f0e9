"""A stand-in for bbpPairings on its command line, for the cross-test's tests; it pairs with
this project's default engine, so it agrees with us.

    fake_engine.py [--dutch] [--disagree] FILE -c
    fake_engine.py [--dutch] [--disagree] FILE -p [OUTPUT]
    fake_engine.py [--dutch] [--disagree] -g CONFIG -o OUTPUT [-s SEED]

``--disagree`` makes it pair round 2 with the first board's colours reversed: its check
reports that round, and the events it generates have that round so.
"""

import sys
from dataclasses import replace
from itertools import zip_longest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from tournaments.pairing import PairingState, pair_round
from tournaments.pairing.base import PairingError
from tournaments.pairing.checker import check_trf
from tournaments.pairing.generator import (
    GeneratorSettings,
    generate_tournament,
    parse_ratings,
)
from tournaments.scoring.sheet import Color
from tournaments.trf import TrfDocument, TrfRecord, read_trf, write_trf

DISAGREEING_ROUND = 2


def check(path, disagree):
    document = read_trf(Path(path).read_bytes())
    for finding in check_trf(document).rounds:
        print(f"{Path(path).stem}: Round #{finding.round}")
        in_file, by_engine = list(finding.only_in_file), list(finding.only_by_engine)
        if disagree and finding.round == DISAGREEING_ROUND and not in_file:
            white, black = finding.engine.pairs[0]
            in_file, by_engine = [(white, black)], [(black, white)]
        if in_file or by_engine:
            print("  Checker pairings        Tournament pairings ")
            for ours, theirs in zip_longest(by_engine, in_file):
                left = f"{ours[0]:>3} - {ours[1]:>3}" if ours else " " * 9
                print(f"    {left}{'':16}{theirs[0]:>3} - {theirs[1]:>3}")
            print()


def pair(path, output):
    state = PairingState.from_trf(read_trf(Path(path).read_bytes()))
    try:
        pairing = pair_round(state)
    except PairingError as error:
        sys.exit(f"No valid pairing exists: {error}")  # exit status 1, as bbpPairings
    boards = [*pairing.pairs, *((rank, 0) for rank in pairing.byes)]
    text = f"{len(boards)}\n" + "".join(f"{w} {b}\n" for w, b in boards)
    if output:
        Path(output).write_text(text)
    else:
        sys.stdout.write(text)


def generate(config, output, seed, disagree):
    values = dict(
        line.split("=", 1) for line in Path(config).read_text().splitlines() if "=" in line
    )
    settings = GeneratorSettings(
        players=int(values["PlayersNumber"]),
        rounds=int(values["RoundsNumber"]),
        seed=seed,
        draw_rate=int(values["DrawPercentage"]) / 100,
        forfeit_rate=1 / float(values["ForfeitRate"]),
        bye_rate=0.0,
        withdraw_rate=0.0,
        ratings=parse_ratings(f"range:{values['LowestRating']}-{values['HighestRating']}"),
        tiebreaks=("BH", "SB"),
    )
    generated = generate_tournament(settings)
    document = generated.document
    if disagree:
        document = _reversed_first_board(generated.sheet, generated.plan.rounds)
    Path(output).write_text(write_trf(document, version=2026))


def _reversed_first_board(sheet, rounds):
    """The sheet with round 2's first board played with the colours the other way."""
    white = next(
        p
        for p in sorted(sheet.players, key=lambda p: p.start_rank)
        if p.entry(DISAGREEING_ROUND).color is Color.WHITE
    )
    black = white.entry(DISAGREEING_ROUND).opponent
    swap = {Color.WHITE: Color.BLACK, Color.BLACK: Color.WHITE}
    players = [
        replace(
            p,
            rounds=[
                replace(e, color=swap[e.color])
                if e.round == DISAGREEING_ROUND and p.start_rank in (white.start_rank, black)
                else e
                for e in p.rounds
            ],
        )
        for p in sheet.players
    ]
    return TrfDocument.from_sheet(
        replace(sheet, players=players), records=[TrfRecord(f"XXR {rounds}")]
    )


def main(arguments):
    disagree = "--disagree" in arguments
    arguments = [a for a in arguments if a not in ("--dutch", "--disagree")]
    if "-g" in arguments:
        config = arguments[arguments.index("-g") + 1]
        output = arguments[arguments.index("-o") + 1]
        seed = int(arguments[arguments.index("-s") + 1]) if "-s" in arguments else None
        generate(config, output, seed, disagree)
    elif "-c" in arguments:
        check(arguments[0], disagree)
    elif "-p" in arguments:
        rest = arguments[arguments.index("-p") + 1 :]
        pair(arguments[0], rest[0] if rest else None)
    else:
        sys.exit("usage: fake_engine.py FILE (-c | -p [OUTPUT]) | -g CONFIG -o OUTPUT [-s SEED]")


if __name__ == "__main__":
    main(sys.argv[1:])
