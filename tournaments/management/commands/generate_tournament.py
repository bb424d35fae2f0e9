"""``generate_tournament``: the random tournament generator (FIDE checklist A8).

A Swiss event paired round by round by the built-in engine of ``--system`` (the Dutch system
by default; Dubov and Burstein files name theirs in record 192), results drawn from the FIDE rating
table (with forfeits, 0-0, ½-0 and 0-½ games, and half-point, full-point and zero-point byes
at the rates asked for), written as TRF-2026. Every option left out is drawn at random (from
``--seed`` when given, so that the same seed gives the same file). Exit status 2 on bad input
or when a round cannot be paired.
"""

from argparse import BooleanOptionalAction
from pathlib import Path

from django.core.management.base import BaseCommand

from tournaments.pairing.generator import (
    GeneratorError,
    GeneratorSettings,
    generate_tournament,
    parse_rating_list,
    parse_ratings,
)
from tournaments.pairing.systems import SYSTEMS

from ._common import bad_input, read_text, write_text


class Command(BaseCommand):
    help = (
        "Generate a random Swiss tournament paired by the built-in engine, with results from "
        "the FIDE rating table, as a TRF-2026 file. Options left out are chosen at random."
    )

    def add_arguments(self, parser):
        parser.add_argument("-o", "--output", required=True, metavar="FILE.trf", help="the file")
        parser.add_argument(
            "--system",
            choices=[code for code, system in SYSTEMS.items() if not system.matches],
            default="dutch",
            help="the FIDE Swiss system that pairs it (Dutch by default)",
        )
        parser.add_argument("--players", type=int, metavar="N")
        parser.add_argument("--rounds", type=int, metavar="R")
        parser.add_argument(
            "--seed", type=int, metavar="S", help="the same seed gives the same tournament"
        )
        parser.add_argument(
            "--accelerated",
            action=BooleanOptionalAction,
            help="Baku acceleration (C.04.5.1), or --no-accelerated; random when left out",
        )
        for name, what in (
            ("draw-rate", "the chance of a draw between equals"),
            ("forfeit-rate", "the chance that a game is forfeited"),
            ("double-forfeit-share", "of the forfeited games, the share where neither came"),
            ("zero-zero-rate", "the chance that a game ends 0-0 (both lose, not rated)"),
            ("half-zero-rate", "the chance that a game ends ½-0 or 0-½ (not rated)"),
            ("bye-rate", "the chance that a player asks for a bye in a round"),
            ("half-bye-share", "of the byes asked for, the share of half-point byes"),
            ("full-bye-share", "of the byes asked for, the share of full-point byes"),
            ("withdraw-rate", "the chance that a player withdraws after a round"),
        ):
            parser.add_argument(f"--{name}", type=float, metavar="P", help=f"{what}, 0 to 1")
        parser.add_argument(
            "--ratings",
            metavar="given|range:LOW-HIGH|random",
            help="given (from --rating-list), uniform in a range, or a random spread",
        )
        parser.add_argument(
            "--rating-list",
            metavar="FILE",
            help="one player a line, his rating first (0 unrated); implies --ratings given",
        )
        parser.add_argument(
            "--tiebreaks", metavar="LIST", help="comma-separated FIDE acronyms, e.g. BH/C1,BH,SB"
        )

    def handle(self, *args, **options):
        folder = Path(options["output"]).parent
        if not folder.is_dir():
            raise bad_input(f"{options['output']}: no folder {folder}")
        try:
            settings = self._settings(options)
            generated = generate_tournament(settings, engine=SYSTEMS[options["system"]].engine())
        except GeneratorError as error:
            raise bad_input(str(error)) from None
        write_text(options["output"], generated.text)
        self.stdout.write(f"{options['output']}: {generated.plan.describe()}")

    def _settings(self, options) -> GeneratorSettings:
        given: list[int] = []
        ratings = options["ratings"]
        if options["rating_list"]:
            given = parse_rating_list(read_text(options["rating_list"]))
            ratings = ratings or "given"
        tiebreaks = [t.strip() for t in (options["tiebreaks"] or "").split(",") if t.strip()]
        return GeneratorSettings(
            players=options["players"],
            rounds=options["rounds"],
            seed=options["seed"],
            draw_rate=options["draw_rate"],
            forfeit_rate=options["forfeit_rate"],
            bye_rate=options["bye_rate"],
            withdraw_rate=options["withdraw_rate"],
            ratings=parse_ratings(ratings, given) if ratings else None,
            tiebreaks=tuple(tiebreaks) or None,
            accelerated=options["accelerated"],
            half_bye_share=options["half_bye_share"],
            full_bye_share=options["full_bye_share"],
            double_forfeit_share=options["double_forfeit_share"],
            zero_zero_rate=options["zero_zero_rate"],
            half_zero_rate=options["half_zero_rate"],
        )
