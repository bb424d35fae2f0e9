"""``python manage.py rule GAME.pgn INCIDENT.json``: one incident, one ruling."""

from __future__ import annotations

import json
from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from games.rules.incidents import IncidentError, RecordError, read_replayed_game, rule_incident
from games.rules.incidents.files import IncidentFileError, load_incident
from games.rules.rulesets import RULESETS, get_ruleset
from games.rules.rulings import Ruling

INPUT_ERROR = 2
"""Exit status for a game or incident file that cannot be used."""


def _read(path: str, what: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except OSError as error:
        raise CommandError(f"{path}: {what}: {error.strerror}", returncode=INPUT_ERROR) from None
    except UnicodeDecodeError:
        raise CommandError(f"{path}: {what} is not UTF-8 text", returncode=INPUT_ERROR) from None


def format_ruling(ruling: Ruling) -> str:
    """The ruling as an arbiter reads it out: decision, score, article, both languages."""
    lines = [
        _("Decision: %(decision)s") % {"decision": ruling.decision.value},
        _("Score: %(score)s") % {"score": ruling.result}
        + (_(" (forfeit, unplayed)") if ruling.forfeit else ""),
        _("Article: %(article)s (%(ruleset)s)")
        % {"article": ruling.article, "ruleset": ruling.ruleset},
        ruling.explanation.en,
        ruling.explanation.zh,
    ]
    for adjustment in ruling.clock_adjustments:
        lines.append(_("Clock: %(change)s") % {"change": adjustment.describe()})
    if ruling.move_to_play:
        lines.append(_("Move to play: %(move)s") % {"move": ruling.move_to_play})
    if ruling.restore_fen:
        lines.append(_("Position: %(fen)s") % {"fen": ruling.restore_fen})
    if ruling.void_plies:
        first, last = ruling.void_plies[0], ruling.void_plies[-1]
        lines.append(_("Void plies: %(first)d-%(last)d") % {"first": first, "last": last})
    return "\n".join(lines)


class Command(BaseCommand):
    help = "Apply one incident (a JSON file) to a game (a PGN file) and print the ruling."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("game", help="PGN file of the game")
        parser.add_argument("incident", help="JSON incident file (see docs/rules.md)")
        parser.add_argument("--ruleset", default="classic", choices=sorted(RULESETS))
        parser.add_argument("--format", default="text", choices=["text", "json"])

    def handle(self, *args: Any, **options: Any) -> None:
        game_text = _read(options["game"], "game")
        incident_text = _read(options["incident"], "incident")
        try:
            record = read_replayed_game(game_text)
        except RecordError as error:
            raise CommandError(f"{options['game']}: {error}", returncode=INPUT_ERROR) from None
        try:
            incident = load_incident(incident_text)
        except IncidentFileError as error:
            raise CommandError(f"{options['incident']}: {error}", returncode=INPUT_ERROR) from None
        ruleset = get_ruleset(options["ruleset"])
        try:
            ruling = rule_incident(record, incident, ruleset)
        except IncidentError as error:
            raise CommandError(f"{options['incident']}: {error}", returncode=INPUT_ERROR) from None
        if options["format"] == "json":
            self.stdout.write(json.dumps(ruling.as_dict(), ensure_ascii=False, indent=2))
        else:
            self.stdout.write(format_ruling(ruling))
