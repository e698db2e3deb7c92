"""The shell examples of README.md and docs/*.md, run, and their output compared with the page.

**What is an example.** A fenced code block (```` ``` ```` or ``~~~``, tagged ``console``,
``sh``, ``shell``, ``bash`` or untagged) with a line that runs xlsolver: ``$ xlsolver ...`` in
a transcript (a block whose commands start with ``$ ``; the lines under a command, up to the
next ``$ `` line, are its output), or a line starting ``xlsolver ...`` (or holding ``&& xlsolver``)
in a block of commands to type, where no output is shown. A command's comment is `` # `` to the
end of the line.

**Markers.** HTML comments on the lines directly above the block's opening fence (no blank line
between; the page does not show them):

- ``<!-- not run: REASON -->``: the block is not run.
- ``<!-- not run `PREFIX`: REASON -->``: the block's commands that start with PREFIX are not run.
- ``<!-- example setup: STEP -->``, in order, before the block's commands, in its folder:
  ``cp PATH NAME`` copies the repository's file PATH to NAME; ``make NAME`` writes one of the
  files of :data:`MADE` (a drawing, a player's grid: things no command makes); ``xlsolver ...``
  runs (its output is not compared; it must exit 0).

Every command of every example runs or is named by a ``not run`` marker with a reason (installing,
opening Excel, a placeholder, a run too long for the suite); a marker that names no command, or
one that is not directly above an example, is an error too. So a new example cannot slip by.

**How an example runs.** In a fresh temporary folder holding a copy of ``workbooks/`` (the pages'
paths are relative to the repository, and nothing is written into it), after its setup, the
block's commands one after another (a later command sees what an earlier one wrote), each as
``python -m xlsolver`` with the arguments shlex makes of the line, stdout and stderr in one stream
as a terminal shows them, ``XDG_CONFIG_HOME`` in the folder (``xlsolver excel --calc`` installs
its macros there, not in the user's LibreOffice profile).

**What is compared.** Where a page shows output under a command, the page's lines and the printed
lines must be equal after the same normalisation of both:

- a duration (a number followed by `` s`` or `` ms``, and the value of a JSON ``"seconds"``)
  becomes ``<time>``;
- the temporary folder's path goes (``/tmp/.../x.xlsx`` reads ``x.xlsx``); trailing blanks go;

and ``...`` on the page stands for what it leaves out: a line that is only ``...`` matches any
number of printed lines (none included), ``...`` within a line any text on that line. Where the
page shows no output, the output is not compared. The exit status must be 0 or 1 (a verdict),
or the one the command's comment states (``# exit status 2``; "exit status 1 if any" states
nothing about this example); never a traceback.

When a comparison fails, the message names the page and line, the command, and the difference:
if the behaviour changed on purpose, the page's output is what to update (in the same commit).
Where the page is right and the code wrong, :data:`CODE_BUGS` names the defect until it is fixed.
"""

from __future__ import annotations

import ast
import dataclasses
import difflib
import importlib.util
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")))
THIS = "tests/test_docs_examples.py"

FENCE = re.compile(r"^ {0,3}(?P<fence>`{3,}|~{3,})\s*(?P<language>[^\s`]*)")
SHELL_LANGUAGES = {"", "console", "sh", "shell", "bash"}
RUNS_XLSOLVER = re.compile(r"^(\$ )?(python -m )?xlsolver\s|&&\s*xlsolver\s")
COMMENT = re.compile(r"\s+#\s.*$|\s+#$")
MARKER = re.compile(r"^<!--\s*(?P<body>.*?)\s*-->\s*$")
NOT_RUN = re.compile(r"^not run(?:\s+`(?P<prefix>[^`]+)`)?\s*:\s*(?P<reason>.*)$")
SETUP = re.compile(r"^example setup:\s*(?P<step>.*)$")
SHELL_SYNTAX = re.compile(r"&&|\|\||[|;<>`]|\$\(")
EXIT_STATED = re.compile(r"\bexit status (\d+)\b(?!\s+if\b)")
VERDICT_STATUSES = (0, 1)
TIMEOUT = 120  # seconds a command may take before the example fails

DURATION = re.compile(r"(?<![\w.])\d+(?:\.\d+)?\s?(?:ms|s)\b")
JSON_SECONDS = re.compile(r'("seconds": )-?\d+(?:\.\d+)?(?:[eE]-?\d+)?')


def shown_name(page: Path) -> str:
    """The page as its failures name it: its path in the repository."""
    try:
        return page.relative_to(ROOT).as_posix()
    except ValueError:  # a page of the tests' own
        return page.name


@dataclasses.dataclass(frozen=True)
class Command:
    """One command of an example: where it is, what it says, and what the page shows under it."""

    line: int  # 1-based line of the page
    text: str  # without the prompt and the comment
    comment: str
    shown: tuple[str, ...]  # the output lines the page shows (none in a block of commands)
    skip: str | None  # why it is not run, from a marker

    @property
    def runnable(self) -> bool:
        return self.skip is None

    def expected_statuses(self) -> tuple[int, ...]:
        stated = EXIT_STATED.search(self.comment)
        return (int(stated.group(1)),) if stated else VERDICT_STATUSES

    def where(self, page: Path) -> str:
        return f"{shown_name(page)}:{self.line}"


@dataclasses.dataclass(frozen=True)
class Example:
    """A fenced block that runs xlsolver, with its markers."""

    page: Path
    line: int  # the opening fence
    commands: tuple[Command, ...]
    setup: tuple[str, ...]
    problems: tuple[str, ...]  # what the markers or the commands get wrong

    @property
    def id(self) -> str:
        return f"{shown_name(self.page)}:{self.line}"

    def runs(self) -> tuple[Command, ...]:
        return tuple(c for c in self.commands if c.runnable)


@dataclasses.dataclass(frozen=True)
class Block:
    page: Path
    line: int  # 1-based line of the opening fence
    language: str
    body: tuple[str, ...]
    markers: tuple[str, ...]  # the bodies of the HTML comments directly above it
    marker_lines: tuple[int, ...]  # their 1-based lines


def blocks(page: Path) -> list[Block]:
    """Every fenced code block of a page, with the HTML comments right above it."""
    lines = page.read_text(encoding="utf-8").splitlines()
    found, i = [], 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        fence = opening.group("fence")
        end = next((j for j in range(i + 1, len(lines))
                    if lines[j].strip().startswith(fence[0] * len(fence)) and not lines[j].strip().strip(fence[0])),
                   len(lines))
        markers, k = [], i - 1
        while k >= 0 and (marker := MARKER.match(lines[k].strip())):
            markers.insert(0, (k + 1, marker.group("body")))
            k -= 1
        found.append(Block(page, i + 1, opening.group("language").lower(), tuple(lines[i + 1:end]),
                           tuple(body for _, body in markers), tuple(number for number, _ in markers)))
        i = end + 1
    return found


def is_example(block: Block) -> bool:
    return block.language in SHELL_LANGUAGES and any(RUNS_XLSOLVER.search(line.strip()) for line in block.body)


def split_commands(block: Block) -> list[tuple[int, str, list[str]]]:
    """(line, command with its comment, output lines shown) for each command of the block."""
    body = block.body
    transcript = any(line.startswith("$ ") for line in body)
    commands: list[tuple[int, str, list[str]]] = []
    for offset, line in enumerate(body):
        number = block.line + 1 + offset
        if transcript:
            if line.startswith("$ "):
                commands.append((number, line[2:], []))
            elif commands:
                commands[-1][2].append(line)
        elif line.strip() and not line.lstrip().startswith("#"):
            commands.append((number, line.strip(), []))
    for _, _, shown in commands:  # blank lines closing an output are layout, not output
        while shown and not shown[-1].strip():
            shown.pop()
    return commands


def example(block: Block) -> Example:
    """The block as an example: its commands, which of them run, its setup, and any problem."""
    problems: list[str] = []
    block_skip: str | None = None
    prefixes: dict[str, str] = {}
    setup: list[str] = []
    where = f"{shown_name(block.page)}:{block.line}"
    for body in block.markers:
        if (not_run := NOT_RUN.match(body)):
            reason = not_run.group("reason").strip()
            if not reason:
                problems.append(f"{where}: a not-run marker without a reason: <!-- {body} -->")
            if not_run.group("prefix"):
                prefixes[not_run.group("prefix").strip()] = reason
            else:
                block_skip = reason
        elif (step := SETUP.match(body)):
            setup.append(step.group("step").strip())
            problems.extend(f"{where}: {p}" for p in setup_problems(setup[-1]))
    commands, used = [], set()
    for number, line, shown in split_commands(block):
        text = COMMENT.sub("", line).strip()
        comment = line[len(text):].strip() if line.startswith(text) else ""
        skip = block_skip
        for prefix, reason in prefixes.items():
            if text.startswith(prefix):
                skip, used = reason, used | {prefix}
        if skip is None:
            problems.extend(f"{shown_name(block.page)}:{number}: {p}" for p in command_problems(text))
        commands.append(Command(number, text, comment, tuple(shown), skip))
    problems.extend(f"{where}: the marker `{prefix}` names no command of the block"
                    for prefix in prefixes if prefix not in used)
    return Example(block.page, block.line, tuple(commands), tuple(setup), tuple(problems))


def command_problems(text: str) -> list[str]:
    """Why a command the page wants run cannot be (none when it can)."""
    if SHELL_SYNTAX.search(text):
        return [f"`{text}` is shell syntax, not one xlsolver command: split it, or mark it "
                "<!-- not run `PREFIX`: REASON --> above the block"]
    try:
        words = shlex.split(text)
    except ValueError as err:
        return [f"`{text}` cannot be split into words ({err})"]
    if xlsolver_arguments(words) is None:
        return [f"`{text}` does not run xlsolver: mark it <!-- not run `{' '.join(words[:2])}`: REASON --> "
                "above the block"]
    return []


def xlsolver_arguments(words: list[str]) -> list[str] | None:
    """The arguments after ``xlsolver`` (or ``python -m xlsolver``), or None for another program."""
    if words[:1] == ["xlsolver"]:
        return words[1:]
    if words[:3] == ["python", "-m", "xlsolver"]:
        return words[3:]
    return None


def setup_problems(step: str) -> list[str]:
    try:
        words = shlex.split(step)
    except ValueError as err:
        return [f"setup `{step}` cannot be split into words ({err})"]
    if words[:1] == ["cp"]:
        if len(words) != 3:
            return [f"setup `{step}`: cp takes a file of the repository and a name"]
        if not (ROOT / words[1]).is_file():
            return [f"setup `{step}`: {words[1]} is not a file of the repository"]
        return []
    if words[:1] == ["make"]:
        if len(words) != 2 or words[1] not in MADE:
            return [f"setup `{step}`: make names one of {', '.join(sorted(MADE))}"]
        return []
    if xlsolver_arguments(words) is not None and not SHELL_SYNTAX.search(step):
        return []
    return [f"setup `{step}` is neither cp, make nor one xlsolver command"]


# --- Files the pages use that no command makes --------------------------------------------


def made_played_heart(path: Path) -> None:
    """docs/nonogram-explain.md, check: the bundled Heart as a player left it, the cells of
    docs/images/nonogram-heart-played.png: rows 2 and 3 worked out, the top-left corner black
    and a white cell in row 4 (two mistakes among 20 cells). Typed as a player may (# black,
    x white) where the picture has them painted, so none of it is xlsolver's own paint."""
    import openpyxl

    from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
    from xlsolver.sheets.nonogram_layout import find_layout

    layout = find_layout(OpenpyxlWorkbook.open(ROOT / "workbooks" / "nonogram.xlsx").snapshot("Heart"))
    book = openpyxl.load_workbook(ROOT / "workbooks" / "nonogram.xlsx")
    sheet = book["Heart"]
    typed = {(r, c): "#" for r in (1, 2) for c in range(layout.width)}
    typed[(1, 4)] = "x"  # right: row 2 is 4 4
    typed[(0, 0)] = "#"  # wrong: row 1 starts white
    typed[(3, 2)] = "x"  # wrong: row 4 is all black
    for (r, c), mark in typed.items():
        sheet.cell(*layout.cell(r, c)).value = mark
    book.save(path)


def script_text(script: str, name: str) -> str:
    """A text constant of one of the repository's scripts (docs/make_pictures.py's ROCKET), read
    from its source, so that what the script imports to run is no concern of these examples."""
    tree = ast.parse((ROOT / script).read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return ast.literal_eval(node.value)
    raise LookupError(f"{script} has no {name}")


def drawn(text: str, path: Path, scale: int = 12) -> None:
    """A picture drawn as text (# dark, . light) saved as an image, ``scale`` pixels a cell, as
    docs/make_pictures.py draws its pictures."""
    from PIL import Image

    rows = text.split()
    image = Image.new("RGB", (len(rows[0]), len(rows)), "white")
    for r, row in enumerate(rows):
        for c, mark in enumerate(row):
            if mark == "#":
                image.putpixel((c, r), (20, 20, 20))
    image.resize((image.width * scale, image.height * scale), Image.Resampling.NEAREST).save(path)


def made_stars(path: Path) -> None:
    """docs/nonogram-picture.md: the rocket with a star in each bottom corner (ROCKET + STARS of
    docs/make_pictures.py)."""
    drawn(script_text("docs/make_pictures.py", "ROCKET") + script_text("docs/make_pictures.py", "STARS"), path)


def made_drawings(path: Path) -> None:
    """docs/cli.md, picture: a workbook whose sheet Rocket has the rocket of
    docs/make_pictures.py painted in black cells."""
    import openpyxl
    from openpyxl.styles import PatternFill

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Rocket"
    black = PatternFill("solid", fgColor="000000")
    for r, row in enumerate(script_text("docs/make_pictures.py", "ROCKET").split(), 2):
        for c, mark in enumerate(row, 2):
            if mark == "#":
                sheet.cell(r, c).fill = black
    book.save(path)


def made_heart_board(path: Path) -> None:
    """docs/polyomino.md, tile --board heart.txt: the Heart board of workbooks/polyomino.xlsx
    as text (. open, # blocked)."""
    path.write_text(script_text("workbooks/make_polyomino.py", "HEART").strip() + "\n", encoding="utf-8")


MADE: dict[str, Callable[[Path], None]] = {
    "played.xlsx": made_played_heart,
    "stars.png": made_stars,
    "drawings.xlsx": made_drawings,
    "heart.txt": made_heart_board,
}
"""The files ``<!-- example setup: make NAME -->`` writes, by name."""


# --- Where the page is right and the code is not ---------------------------------------------


@dataclasses.dataclass(frozen=True)
class CodeBug:
    """Printed lines that the pages rightly leave out: taken out of the output of the commands
    they touch before comparing, and required to be there, so the entry goes with the fix."""

    commands: re.Pattern[str]
    extra_line: re.Pattern[str]
    what: str


CODE_BUGS: tuple[CodeBug, ...] = ()  # none known: picture and generate print their written-to line once


# --- Comparing ---------------------------------------------------------------------------------


def normalise(text: str, folder: Path) -> list[str]:
    """The rules of the module docstring: durations, the temporary folder, trailing blanks."""
    for place in sorted({str(folder.resolve()), str(folder)}, key=len, reverse=True):
        text = text.replace(place + os.sep, "").replace(place, ".")
    text = JSON_SECONDS.sub(r"\1<time>", text)
    text = DURATION.sub("<time>", text)
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def line_pattern(shown: str) -> re.Pattern[str]:
    return re.compile(".*".join(re.escape(part) for part in shown.split("...")))


def align(shown: list[str], printed: list[str]) -> list[tuple[str, str]]:
    """The page's lines against the printed ones with the fewest differences: ``(" ", line)``
    where they agree (a printed line the page shows, or one a ``...`` stands for), ``("-", line)``
    on the page only, ``("+", line)`` printed only. A page line and a printed line that are much
    alike count as one difference (a changed line), so the two are shown side by side."""
    patterns = [None if line.strip() == "..." else line_pattern(line) for line in shown]
    m, n = len(shown), len(printed)

    def alike(i: int, j: int) -> bool:
        return difflib.SequenceMatcher(None, shown[i], printed[j]).ratio() >= 0.6

    # cost[i][j]: the fewest differences for shown[i:] to agree with printed[j:]
    far = m + n + 1
    cost = [[0] * (n + 1) for _ in range(m + 1)]
    for i in range(m, -1, -1):
        for j in range(n, -1, -1):
            if i == m:
                cost[i][j] = n - j
            elif patterns[i] is None:  # stands for printed[j], or for no more lines
                cost[i][j] = min(cost[i + 1][j], cost[i][j + 1] if j < n else far)
            elif j == n:
                cost[i][j] = 1 + cost[i + 1][j]
            else:
                same = 0 if patterns[i].fullmatch(printed[j]) else 1 if alike(i, j) else far
                cost[i][j] = min(1 + cost[i + 1][j], 1 + cost[i][j + 1], same + cost[i + 1][j + 1])
    steps, i, j = [], 0, 0
    while i < m or j < n:
        if i < m and patterns[i] is None:  # on a tie the ... ends, so a changed line after it shows
            if j < n and cost[i][j + 1] < cost[i + 1][j]:
                steps.append((" ", printed[j]))
                j += 1
            else:
                steps.append((" ", shown[i]))
                i += 1
        elif i < m and j < n and patterns[i].fullmatch(printed[j]) and cost[i][j] == cost[i + 1][j + 1]:
            steps.append((" ", printed[j]))
            i, j = i + 1, j + 1
        elif i < m and j < n and cost[i][j] == 1 + cost[i + 1][j + 1] and alike(i, j):
            steps += [("-", shown[i]), ("+", printed[j])]
            i, j = i + 1, j + 1
        elif i < m and cost[i][j] == 1 + cost[i + 1][j]:
            steps.append(("-", shown[i]))
            i += 1
        else:
            steps.append(("+", printed[j]))
            j += 1
    return steps


def agrees(shown: list[str], printed: list[str]) -> bool:
    """Whether the printed lines are what the page shows, ``...`` standing for what it leaves out."""
    return all(mark == " " for mark, _ in align(shown, printed))


def difference(shown: list[str], printed: list[str], where: str) -> str:
    """The page's lines from ``where`` on, against what was printed: ``-`` the page only, ``+``
    printed only."""
    lines = [f"{mark} {line}" for mark, line in align(shown, printed)]
    return f"--- {where} (the page)\n+++ printed\n" + "\n".join(lines[:80])


# --- Running -------------------------------------------------------------------------------------


def environment(folder: Path) -> dict[str, str]:
    return dict(os.environ, PYTHONUNBUFFERED="1", PYTHONIOENCODING="utf-8", COLUMNS="80",
                XDG_CONFIG_HOME=str(folder / ".config"))


def run_xlsolver(text: str, folder: Path) -> subprocess.CompletedProcess[str]:
    arguments = xlsolver_arguments(shlex.split(text))
    assert arguments is not None, text
    return subprocess.run([sys.executable, "-m", "xlsolver", *arguments], cwd=folder, env=environment(folder),
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, encoding="utf-8",
                          timeout=TIMEOUT)


def set_up(step: str, folder: Path, where: str) -> None:
    words = shlex.split(step)
    if words[0] == "cp":
        target = folder / words[2]
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / words[1], target)
    elif words[0] == "make":
        MADE[words[1]](folder / words[1])
    else:
        done = run_xlsolver(step, folder)
        if done.returncode != 0 or "Traceback" in done.stdout:
            pytest.fail(f"{where}: the example setup `{step}` failed (exit status {done.returncode}):\n{done.stdout}",
                        pytrace=False)


def needs(example: Example) -> str | None:
    """What this machine lacks for the example (the test then skips, saying so)."""
    texts = [c.text for c in example.runs()] + list(example.setup)
    if any(re.search(r"^(python -m )?xlsolver excel\s", t) for t in texts) \
            and importlib.util.find_spec("xlwings") is None:
        return "xlwings is not installed (pip install \".[excel]\")"
    if any("--calc" in t.split() for t in texts):
        from xlsolver.backends.calc_backend import find_soffice, import_uno
        from xlsolver.core import InputError

        try:
            import_uno()
        except InputError as err:
            return f"no live Calc: {err}"
        if find_soffice() is None:
            return "no live Calc: soffice is not installed"
    return None


def check_command(command: Command, done: subprocess.CompletedProcess[str], page: Path, folder: Path) -> list[str]:
    """What is wrong with one command's run, as lines of the failure message (none when right)."""
    where = command.where(page)
    wrong = []
    if "Traceback (most recent call last)" in done.stdout:
        wrong.append("it printed a traceback")
    if done.returncode not in command.expected_statuses():
        allowed = " or ".join(map(str, command.expected_statuses()))
        wrong.append(f"exit status {done.returncode}, where the page allows {allowed}")
    printed = normalise(done.stdout, folder)
    if command.shown:
        for bug in CODE_BUGS:
            if bug.commands.search(command.text):
                kept = [line for line in printed if not bug.extra_line.match(line)]
                if kept == printed:
                    wrong.append(f"the code bug of {THIS} CODE_BUGS is fixed here ({bug.what}): remove its entry")
                printed = kept
        shown = normalise("\n".join(command.shown), folder)
        if not agrees(shown, printed):
            wrong.append("its output differs from the page (durations and the temporary folder normalised; "
                         "`...` on the page stands for what it leaves out):")
            wrong.append(difference(shown, printed, f"{shown_name(page)}:{command.line + 1}"))
    if not wrong:
        return []
    lines = [f"{where}: $ {command.text}", *("    " + line for text in wrong for line in text.splitlines())]
    if not any(text.startswith("--- ") for text in wrong):  # no difference shown: the output as it came
        lines += ["    printed:", *("    | " + line for line in done.stdout.splitlines()[:40])]
    return lines


# --- The tests -----------------------------------------------------------------------------------


def all_examples() -> list[Example]:
    return [example(block) for page in PAGES for block in blocks(page) if is_example(block)]


def stray_markers(page: Path) -> list[str]:
    """Markers of this module that are not directly above an example: they would do nothing."""
    attached = {number for block in blocks(page) if is_example(block) for number in block.marker_lines}
    return [f"{shown_name(page)}:{number}: {line.strip()} is not directly above an example block"
            for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
            if number not in attached and (marker := MARKER.match(line.strip()))
            and (NOT_RUN.match(marker.group("body")) or SETUP.match(marker.group("body")))]


EXAMPLES = all_examples()


def test_every_example_runs_or_says_why_not():
    problems = [p for e in EXAMPLES for p in e.problems] + [p for page in PAGES for p in stray_markers(page)]
    assert not problems, f"examples that cannot run as written (rules: {THIS}):\n" + "\n".join(problems)


def test_the_pages_that_must_be_covered_have_examples_that_run():
    running = {shown_name(e.page) for e in EXAMPLES if e.runs()}
    for page in ("README.md", "docs/cli.md", "docs/excel.md", "docs/calc.md"):
        assert page in running, f"{page}: no example runs (has the block syntax changed?)"
    assert sum(len(e.runs()) for e in EXAMPLES) >= 20


@pytest.mark.parametrize("example", [
    pytest.param(e, id=e.id, marks=[pytest.mark.xdist_group("calc")] if any("--calc" in c.text for c in e.runs()) else [])
    for e in EXAMPLES if e.runs() and not e.problems])
def test_the_example_prints_what_the_page_shows(example: Example, tmp_path: Path):
    lacking = needs(example)
    if lacking:
        pytest.skip(f"{example.id}: {lacking}")
    folder = tmp_path / "example"
    shutil.copytree(ROOT / "workbooks", folder / "workbooks", ignore=shutil.ignore_patterns("__pycache__"))
    for step in example.setup:
        set_up(step, folder, example.id)
    failures = []
    for command in example.runs():
        try:
            done = run_xlsolver(command.text, folder)
        except subprocess.TimeoutExpired:
            failures += [f"{command.where(example.page)}: $ {command.text}", f"    did not finish in {TIMEOUT} s"]
            break  # what follows builds on it
        failures += check_command(command, done, example.page, folder)
    if failures:  # the message is the whole story: no traceback of this function around it
        pytest.fail(f"{example.id}: the page and the program disagree. If the behaviour changed on purpose, "
                    f"update the page's output in the same commit (the rules are in {THIS}).\n"
                    + "\n".join(failures), pytrace=False)


# --- The rules themselves --------------------------------------------------------------------------


@pytest.mark.parametrize(("shown", "printed", "same"), [
    (["Heart: unique, 9x8, 0.01 s", "..."], ["Heart: unique, 9x8, 0.00 s", "Boat: unique", "written"], True),
    (["Heart: unique, 9x8, 0.01 s", "..."], ["Heart: unique, 9x8, 0.00 s"], True),
    (["Heart: unique, 9x8, 0.01 s"], ["Heart: unique, 9x8, 0.00 s", "written"], False),
    (["Twins: multiple, 5x5, 0.02 s (several solutions: ...)"],
     ["Twins: multiple, 6x6, 0.02 s (several solutions: the two shown differ)"], False),
    (["Twins: multiple, 6x6, 0.02 s (several solutions: ...)"],
     ["Twins: multiple, 6x6, 1.5 s (several solutions: the two shown differ)"], True),
    (["a", "...", "z"], ["a", "z"], True),
    (["a", "...", "z"], ["a", "b", "c", "z"], True),
    (["a", "...", "z"], ["a", "b", "c"], False),
    (['{"status": "unique", ...}'], ['{"status": "unique", "seconds": 0.0006, "rows": 8}'], True),
    (['{"status": "unique", ...}'], ['{"status": "multiple", "seconds": 0.0006}'], False),
    (["12 steps, 3 solutions, 4 cells"], ["12 steps, 3 solutions, 4 cells"], True),
    (["12 steps"], ["13 steps"], False),
])
def test_the_comparison_rules(shown, printed, same, tmp_path):
    assert agrees(normalise("\n".join(shown), tmp_path), normalise("\n".join(printed), tmp_path)) is same


def test_the_difference_shows_only_what_differs():
    page = ["Four: unique", "...", "Clash: none (A3, B3)", "painted workbook written"]
    printed = ["Four: unique", "Six: unique", "Nine: unique", "Clash: none (in red: A3, B3)", "painted workbook written"]
    marked = [line for line in difference(page, printed, "p.md:2").splitlines()[2:] if not line.startswith(" ")]
    assert marked == ["- Clash: none (A3, B3)", "+ Clash: none (in red: A3, B3)"]


def test_durations_and_the_folder_are_normalised(tmp_path):
    printed = f'wrote {tmp_path}/cfg/x.py in 0.5 s\n{{"seconds": 1.2e-05, "rows": 8}}\n150 ms, 2 s)\n\n'
    assert normalise(printed, tmp_path) == ["wrote cfg/x.py in <time>", '{"seconds": <time>, "rows": 8}',
                                            "<time>, <time>)"]


def test_markers_are_read(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("text\n\n<!-- example setup: cp workbooks/nonogram.xlsx book.xlsx -->\n"
                    "<!-- not run `pip install`: installs into the environment -->\n"
                    "```sh\npip install .\nxlsolver solve book.xlsx   # exit status 1\n```\n\n"
                    "```console\n$ xlsolver tile --board 8x8\n8x8: none\n$ xlsolver solve x.xlsx | less\n```\n"
                    "<!-- not run: nothing -->\n```python\nimport xlsolver\n```\n", encoding="utf-8")
    found = [example(b) for b in blocks(page) if is_example(b)]
    first, second = found
    assert first.setup == ("cp workbooks/nonogram.xlsx book.xlsx",) and not first.problems
    assert [(c.line, c.text, c.skip) for c in first.commands] == [
        (6, "pip install .", "installs into the environment"), (7, "xlsolver solve book.xlsx", None)]
    assert first.commands[1].expected_statuses() == (1,) and first.commands[1].shown == ()
    assert second.commands[0].shown == ("8x8: none",)
    assert len(second.problems) == 1 and "shell syntax" in second.problems[0]
    python = [b for b in blocks(page) if b.language == "python"]
    assert python[0].markers == ("not run: nothing",) and not is_example(python[0])
    assert stray_markers(page) == [f"page.md:{python[0].line - 1}: <!-- not run: nothing --> "
                                   "is not directly above an example block"]
