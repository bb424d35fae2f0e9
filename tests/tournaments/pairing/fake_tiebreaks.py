"""A stand-in for TieBreakServer's tie-break checker on its command line, for the
cross-test's tests: the file's standings by this project's tie-break code, so it agrees.

    fake_tiebreaks.py [--disagree] -i FILE -s -r -dT -t PTS TIEBREAK...

Prints, tab-separated, a header and each player's rank, starting number, points and
tie-break values in rank order. ``--disagree`` adds one to the leader's first tie-break.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from tournaments.scoring.standings import compute_standings
from tournaments.scoring.tiebreaks import TieBreakSettings, parse_tiebreak
from tournaments.trf import read_trf


def main(arguments):
    disagree = "--disagree" in arguments
    path = arguments[arguments.index("-i") + 1]
    names = arguments[arguments.index("-t") + 2 :]  # after PTS
    specs = [parse_tiebreak(name) for name in names]
    sheet = read_trf(Path(path).read_bytes()).to_sheet()
    standings = compute_standings(sheet, specs, settings=TieBreakSettings(round_robin=False))
    print("\t".join(["Rank", "StartNo", "PTS", *names]))
    for place, row in enumerate(standings.rows, start=1):
        values = [float(value.value or 0) for value in row.tiebreaks]
        if disagree and place == 1 and values:
            values[0] += 1
        cells = [row.rank, row.start_rank, float(row.points), *values]
        print("\t".join(str(cell) for cell in cells))


if __name__ == "__main__":
    main(sys.argv[1:])
