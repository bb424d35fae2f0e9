"""The README and the documentation site (docs/, mkdocs.yml) against the code.

The site builds with ``mkdocs build --strict``, which fails on a broken link or anchor and on
a page left out of the navigation. Every command, ``make`` target, ``deploy/arbiter.sh``
process, benchmark, environment variable and file that the pages name in code (``inline`` or
a fenced block) must exist, and so must every ``--option`` written after a command; the
in-app manual's commands are held to the same. The limits and incident examples the pages
show are the code's own.
"""

from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import get_commands, load_command_class

from tournaments import limits

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
MANUAL = sorted((ROOT / "templates" / "help").rglob("*.html"))

FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.M | re.S)
INLINE = re.compile(r"`([^`]+)`")  # a span may go on over a line break
OPTION = re.compile(r"(?<![\w-])--[a-z][\w-]*")


def code_of(text: str) -> list[str]:
    """The code a Markdown page shows: each command of a fenced block (indented lines continue
    the line above; comments dropped), then each inline code span outside the blocks."""
    pieces = []
    for block in FENCE.findall(text):
        for line in block.splitlines():
            if line[:1].isspace() and pieces:
                pieces[-1] += " " + line.strip()
            elif line.strip():
                pieces.append(line.strip())
    pieces = [re.sub(r"\s#\s.*", "", piece).rstrip() for piece in pieces]
    return pieces + [" ".join(span.split()) for span in INLINE.findall(FENCE.sub("", text))]


def documented_code() -> list[tuple[str, str]]:
    """(page, piece of code) for the README and every documentation page."""
    return [
        (str(page.relative_to(ROOT)), piece)
        for page in PAGES
        for piece in code_of(page.read_text(encoding="utf-8"))
    ]


def options_after(rest: str) -> set[str]:
    """The ``--options`` written at the start of ``rest``, up to a pipe or another command."""
    rest = re.split(r"[|;&]{1,2}\s|\)|\$\(|manage\.py", rest)[0]
    rest = re.sub(
        r"\"[^\"]*\"|'[^']*'", "", rest
    )  # an argument's own options: --engine "… --dutch"
    return set(OPTION.findall(rest))


def test_the_site_builds_strictly(tmp_path: Path) -> None:
    mkdocs = shutil.which("mkdocs", path=str(Path(sys.executable).parent))
    assert mkdocs, "mkdocs is in requirements-dev.txt"
    build = subprocess.run(
        [mkdocs, "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert build.returncode == 0, build.stdout + build.stderr
    assert (tmp_path / "site" / "api-session" / "index.html").exists()


def test_the_readme_is_short_and_links_to_existing_pages() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)#\s]+)", readme):
        if not target.startswith(("http://", "https://")):
            assert (ROOT / target).exists(), f"README links to {target}, which does not exist"
    assert len(readme.splitlines()) < 100


@cache
def _option_strings(command: str) -> frozenset[str]:
    app = get_commands()[command]
    parser = load_command_class(app, command).create_parser("manage.py", command)
    return frozenset(s for action in parser._actions for s in action.option_strings)


def _check_command(where: str, command: str, options: set[str]) -> list[str]:
    if command not in get_commands():
        return [f"{where}: manage.py {command}: no such command"]
    unknown = options - _option_strings(command)
    return [f"{where}: manage.py {command} has no {', '.join(sorted(unknown))}"] if unknown else []


def test_every_management_command_and_option_exists() -> None:
    problems = []
    for page, piece in documented_code():
        for named in re.finditer(r"manage\.py\s+([a-z]\w*)", piece):
            options = options_after(piece[named.end() :])
            problems += _check_command(page, named.group(1), options)
    assert problems == []


def test_the_in_app_manuals_commands_exist() -> None:
    """The manual writes commands without ``python manage.py`` (its index says so)."""
    problems = []
    for page in MANUAL:
        for code in re.findall(r"<code>([^<]+)</code>", page.read_text(encoding="utf-8")):
            words = code.split()
            if words[:2] == ["python", "manage.py"]:
                words = words[2:]
            if len(words) > 1 and re.fullmatch(r"[a-z][a-z_]+", words[0]):
                where = str(page.relative_to(ROOT))
                problems += _check_command(where, words[0], set(OPTION.findall(code)))
    assert problems == []


def _makefile_targets() -> set[str]:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    return set(re.findall(r"^([a-z][\w-]*):", makefile, re.M))


def test_every_make_target_exists() -> None:
    targets = _makefile_targets()
    named = {
        (page, target)
        for page, piece in documented_code()
        for target in re.findall(r"(?:^|[\s(])make\s+([a-z][\w-]*)", piece)
    }
    assert {"run", "test", "docs"} <= {target for _, target in named}
    assert [(page, target) for page, target in named if target not in targets] == []


def test_every_deploy_process_exists() -> None:
    script = (ROOT / "deploy" / "arbiter.sh").read_text(encoding="utf-8")
    processes = set(re.findall(r"^\s+(\w+)\)$", script, re.M))
    named = {
        (page, process)
        for page, piece in documented_code()
        for process in re.findall(r"deploy/arbiter\.sh\s+([a-z]\w*)", piece)
    }
    assert {"release", "web", "worker", "live"} <= {process for _, process in named}
    assert [(page, process) for page, process in named if process not in processes] == []


def _benchmarks() -> set[str]:
    return {
        path.stem
        for path in (ROOT / "bench").glob("*.py")
        if not path.stem.startswith("_")
        and any(
            isinstance(node, ast.FunctionDef) and node.name == "main"
            for node in ast.parse(path.read_text(encoding="utf-8")).body
        )
    }


def test_every_benchmark_and_its_options_exist() -> None:
    known = _benchmarks()
    problems = []
    for page, piece in documented_code():
        for module in re.findall(r"python -m bench\.(\w+)", piece):
            if module not in known:
                problems.append(f"{page}: no benchmark bench.{module}")
                continue
            source = (ROOT / "bench" / f"{module}.py").read_text(encoding="utf-8")
            for option in options_after(piece.split(f"bench.{module}", 1)[1]):
                if option != "--help" and f'"{option}"' not in source:
                    problems.append(f"{page}: bench.{module} has no {option}")
        for names in re.findall(r"python -m bench((?:\s+[a-z]\w*)+)", piece):
            problems += [f"{page}: no benchmark {n}" for n in names.split() if n not in known]
        for module in re.findall(r"(?<![\w.])bench/(\w+)\.py", piece):
            helper = module.startswith("_") and (ROOT / "bench" / f"{module}.py").exists()
            if module not in known and not helper:
                problems.append(f"{page}: no benchmark bench/{module}.py")
    assert problems == []


ENV_READS = [
    r"environ(?:\.get)?\(\s*\"(\w+)\"",
    r"environ\[\"(\w+)\"\]",
    r"getenv\(\"(\w+)\"",
    r"env_(?:bool|list)\(\"(\w+)\"",
    r"\$\{(\w+)",
    r"\$\((\w+)\)",
    r"^(\w+)\s*\?=",
]


def _environment_read() -> set[str]:
    """Every environment variable the code reads: Python, the shell scripts and the Makefile."""
    sources = [
        path
        for folder in ("arbiter", "games", "tournaments", "jobs", "bench", "examples", "tests")
        for path in (ROOT / folder).rglob("*.py")
    ]
    sources += [ROOT / "deploy" / "arbiter.sh", ROOT / ".ci" / "run", ROOT / "Makefile"]
    names: set[str] = set()
    for path in sources:
        text = path.read_text(encoding="utf-8")
        for pattern in ENV_READS:
            names.update(re.findall(pattern, text, re.M))
        if "dj_database_url.config(" in text:
            names.add("DATABASE_URL")  # read by dj-database-url itself
    return names


def _settings_read() -> set[str]:
    """Settings the code reads with a default, not from the environment (login throttling)."""
    names: set[str] = set()
    for path in (ROOT / "arbiter").rglob("*.py"):
        names.update(re.findall(r"getattr\(settings, \"(\w+)\"", path.read_text(encoding="utf-8")))
    return names


def _python_constants() -> set[str]:
    """Names in capitals the project's modules define (``PAGE_TOPICS``, ``MAX_PLAYERS``)."""
    names: set[str] = set()
    for folder in ("arbiter", "games", "tournaments", "jobs"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            names.update(re.findall(r"^([A-Z][A-Z0-9_]+)\s*[:=]", text, re.M))
    return names


def _record_192_codes() -> set[str]:
    """TRF-2026's tournament-type codes the pairing systems answer to (``FIDE_DUBOV``)."""
    from tournaments.pairing.systems import SYSTEMS
    from tournaments.pairing.team_swiss.system_code import PREFIX

    codes = {code for system in SYSTEMS.values() for code in system.trf_codes}
    codes.add(PREFIX)  # FIDE_TEAM_<preferences>_<scores>, the team Swiss
    return codes | {f"{code}_BAKU" for code in codes}


def test_every_environment_variable_is_read_by_the_code() -> None:
    """A name set on a command line (``NAME=value``) or in the first column of a table must
    be read from the environment; any other name in capitals with an underscore must be read
    from it, or be a setting or constant of the code."""
    read = _environment_read()
    known = read | _settings_read() | _python_constants() | _record_192_codes()
    problems = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        where = str(page.relative_to(ROOT))
        variables = set(re.findall(r"^\| `([A-Z][A-Z0-9_]+)`", text, re.M))
        names = set()
        for piece in code_of(text):
            variables.update(re.findall(r"(?:^|\s)([A-Z][A-Z0-9_]+)=", piece))
            if "manage.py " not in piece:  # a command's synopsis has placeholders: LIST_ID
                names.update(re.findall(r"(?<![\w/.-])([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b", piece))
        problems += [f"{where}: {name}" for name in sorted(variables - read)]
        problems += [f"{where}: {name}" for name in sorted(names - variables - known)]
    assert problems == []


PATH_TOKEN = re.compile(r"(?<![\w/.<…-])((?:\.ci|[a-z]\w*)(?:/[\w.-]+)+/?|[\w.-]+\.[a-z]{2,4})")
TOP_LEVEL_FILES = re.compile(r"(requirements[\w-]*\.txt|[\w-]+\.(?:toml|yml|cfg)|manage\.py)")


def test_every_file_named_exists() -> None:
    """Paths that start with a folder of the repository, and its top-level files, must exist."""
    top = {path.name for path in ROOT.iterdir()} - {"site", "media", "staticfiles"}
    problems = []
    for page, piece in documented_code():
        if "://" in piece:
            piece = re.sub(r"\w+://\S+", "", piece)
        for token in PATH_TOKEN.findall(piece):
            in_a_folder = "/" in token and token.split("/", 1)[0] in top
            checked = in_a_folder or TOP_LEVEL_FILES.fullmatch(token)
            if checked and not (ROOT / token.rstrip("/")).exists():
                problems.append(f"{page}: {token}")
    assert problems == []


def test_the_limits_page_gives_the_codes_limits() -> None:
    page = (ROOT / "docs" / "limits.md").read_text(encoding="utf-8")
    rows = {
        line.split("|")[1].strip(): line.split("|")[2].strip()
        for line in page.splitlines()
        if line.startswith("| ") and not line.startswith(("| what", "| ---"))
    }
    assert rows == {
        "players in a tournament (entries, CSV and TRF imports, `checktrf`)": (
            f"{limits.MAX_PLAYERS:,}"
        ),
        "rounds (the setting, TRF files, round numbers in forms and the API)": (
            f"{limits.MAX_ROUNDS}"
        ),
        "boards of a round, entries of one results batch": f"{limits.MAX_BOARDS:,}",
        "an uploaded file (PGN, TRF, CSV, pairings), on a page, through the API or to a command "
        "(`checkgames`, `import_pgn`, `import_trf`, `checktrf`, `import_players`)": (
            f"{limits.MAX_UPLOAD_BYTES // 2**20} MB"
        ),
        "games in one PGN file (the page, the API, the background check, `import_pgn`, "
        "`checkgames`), counted before any game is checked": f"{limits.MAX_GAMES_PER_FILE:,}",
        "an API request body": f"{settings.DATA_UPLOAD_MAX_MEMORY_SIZE // 2**20} MB",
    }


def test_the_incident_examples_are_the_tested_files() -> None:
    """Each incident file the rules page shows is the one the tests apply to a real game."""
    page = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    shown = {
        kind: json.loads(body)
        for kind, body in re.findall(r"^### `(\w+)`\n\n.*?```json\n(.*?)```", page, re.M | re.S)
    }
    examples = ROOT / "tests" / "data" / "incidents" / "examples"
    files = {
        path.stem: json.loads(path.read_text(encoding="utf-8")) for path in examples.glob("*.json")
    }
    assert shown == files


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "```sh\npython manage.py crosstable ID --pdf FILE\n    [--paper a4]  # a comment\n```",
            ["python manage.py crosstable ID --pdf FILE [--paper a4]"],
        ),
        ("run `make run` then `make test`", ["make run", "make test"]),
    ],
)
def test_the_code_of_a_page_is_read_as_written(text: str, found: list[str]) -> None:
    assert code_of(text) == found


FENCE_LINE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
SHORT_FENCE = re.compile(r"^\s*`{1,2}(?!`)[\w+-]*\s*$")


def fence_problems(text: str) -> list[str]:
    """What is wrong with a page's code blocks, by line: a fence of one or two backticks
    (rendered as inline code, the block's lines run together into one, and ``mkdocs
    --strict`` says nothing), or a block opened and never closed (the rest of the page
    becomes code). A block closes on a fence of its own character, at least as long."""
    problems = []
    opened: tuple[int, str] | None = None
    for number, line in enumerate(text.splitlines(), 1):
        fence = FENCE_LINE.match(line)
        if opened is None:
            if fence:
                opened = (number, fence[1])
            elif SHORT_FENCE.match(line):
                problems.append(f"line {number}: a code fence of fewer than three backticks")
        elif fence and fence[1][0] == opened[1][0] and len(fence[1]) >= len(opened[1]):
            if line.strip() != fence[1]:  # a closing fence has nothing after it
                problems.append(f"line {number}: a closing fence with text after it")
            opened = None
    if opened is not None:
        problems.append(f"line {opened[0]}: a code block never closed")
    return problems


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "``sh\nmake bench\npython -m bench live\n``\n",
            [
                "line 1: a code fence of fewer than three backticks",
                "line 4: a code fence of fewer than three backticks",
            ],
        ),
        ("```sh\nmake bench\n", ["line 1: a code block never closed"]),
        ("```sh\nmake bench\n```sh\n", ["line 3: a closing fence with text after it"]),
        ("````md\n```sh\nx\n```\n````\n", []),
        ("Run `make run`.\n\n```\nmake run\n```\n", []),
    ],
)
def test_fence_problems_are_found(text: str, found: list[str]) -> None:
    assert fence_problems(text) == found


def test_every_code_block_is_fenced_whole() -> None:
    problems = [
        f"{page.relative_to(ROOT)}: {problem}"
        for page in PAGES
        for problem in fence_problems(page.read_text(encoding="utf-8"))
    ]
    assert problems == []


def _manual(topic: str) -> str:
    html = (ROOT / "templates" / "help" / "en" / f"{topic}.html").read_text(encoding="utf-8")
    return " ".join(re.sub(r"<[^>]+>", "", html).split())


def test_the_manual_says_what_the_code_does() -> None:
    """Where the manual and these pages overlap, both follow the code."""
    from tournaments.services.configuration import NOT_IN_ROUND_ROBINS, tiebreak_problems
    from tournaments.services.players import LAST_ROUND_FOR_TPN_CHANGES

    # A round robin refuses the Buchholz tie-breaks only.
    refused = re.search(r"except the Buchholz tie-breaks \(([A-Z, ]+)\)", _manual("standings"))
    assert refused and set(refused.group(1).split(", ")) == NOT_IN_ROUND_ROBINS
    assert tiebreak_problems(["ARO", "PS", "TPR", "DE"], round_robin=True) == []
    # The tie-break list is fixed once round 1 is paired, in FIDE mode.
    assert "Once round 1 is paired the list is fixed in FIDE mode" in _manual("tournament")
    # Exchanges of starting ranks: FIDE mode asks equal ratings, before round 4 is paired.
    exchange = re.search(r"Two players may exchange starting ranks[^.]*\.", _manual("players"))
    assert exchange and "in FIDE mode only players of equal rating" in exchange.group(0)
    assert f"round {LAST_ROUND_FOR_TPN_CHANGES + 1} is paired" in exchange.group(0)
