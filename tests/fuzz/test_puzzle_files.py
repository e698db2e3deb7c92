"""Hostile and malformed puzzle files: none makes xlsolver crash, hang or grow without bound.

Every puzzle file format xlsolver reads (the suffixes ``xlsolver.jobs.file_kinds()``
lists: the nonogram formats and sudoku's text files) gets a valid sample here, and:

- Hypothesis mutates and truncates the sample (bytes flipped, inserted, deleted,
  awkward tokens such as "²", escape sequences, NUL, entity references put in) and
  runs each copy through the public job entry, ``xlsolver.jobs.run_paths``;
- a table of hostile files, each made to break a reader once (superscript digits,
  5000-digit numbers, a .non declaring 20000x20000 or 100000x100000, XML nested
  50,000 deep, a kilobyte of entity expansion, a megabyte title, totals that
  differ, garbage, binary junk, wrong encodings, a FIFO, a link to /dev/zero ...),
  goes through the command line: in this process when it is cheap whatever
  happens, in a child process with its address space capped (1.5 GB) and a time
  limit when it was built to blow up.

Every case must end with no exception, each puzzle a verdict or an error whose
message is one printable line naming the file (and the line, where the table says
one is known), within its time, and the file byte-identical afterwards.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xlsolver.cli import main
from xlsolver.core.files import printable
from xlsolver.jobs import ERROR, Options, Outcome, file_kinds, run_paths

ROOT = Path(__file__).resolve().parents[2]

# --- a valid sample of every format --------------------------------------------

# A 5x5 puzzle with one solution (a ring with a dot), in every nonogram format.
ROWS = ["5", "1 1", "1 1 1", "1 1", "5"]
COLS = ["5", "1 1", "1 1 1", "1 1", "5"]
SAMPLES: dict[str, bytes] = {
    ".non": ('title "Ring"\nwidth 5\nheight 5\n\nrows\n' + "\n".join(r.replace(" ", ",") for r in ROWS)
             + "\n\ncolumns\n" + "\n".join(c.replace(" ", ",") for c in COLS)
             + '\n\nsaved "??????????1??????????????"\n').encode(),
    ".xml": ('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE pbn SYSTEM "https://webpbn.com/pbn-0.3.dtd">\n'
             '<puzzleset>\n<puzzle type="grid" defaultcolor="black">\n<title>Ring</title>\n'
             '<color name="white" char=".">fff</color>\n<color name="black" char="X">000</color>\n'
             '<clues type="columns">\n' + "".join("<line>" + "".join(f"<count>{n}</count>" for n in c.split())
                                                  + "</line>\n" for c in COLS)
             + '</clues>\n<clues type="rows">\n' + "".join("<line>" + "".join(f"<count>{n}</count>" for n in r.split())
                                                          + "</line>\n" for r in ROWS)
             + '</clues>\n<solution type="saved"><image>\n|?????|\n|?????|\n|??X??|\n|?????|\n|?????|\n</image>'
             "</solution>\n</puzzle>\n</puzzleset>\n").encode(),
    ".pbn": b"",  # the XML sample, under webpbn's other suffix (filled in below)
    ".g": ("A ring.\n: rows\n" + "\n".join(ROWS) + "\n: columns\n" + "\n".join(COLS) + "\n: end\n").encode(),
    ".mk": ("5 5\n" + "\n".join(ROWS) + "\n#\n" + "\n".join(COLS) + "\n").encode(),
    ".nin": ("5 5\n" + "\n".join(ROWS + COLS) + "\n").encode(),
    ".cwd": ("5\n5\n" + "\n".join(ROWS) + "\n\n" + "\n".join(COLS) + "\n").encode(),
    ".taai": ("$1\n" + "\n".join(c.replace(" ", "\t") for c in COLS + ROWS) + "\n").encode(),
    ".txt": ("# a ring\n" + "/".join(r.replace(" ", ",") for r in ROWS) + "|"
             + "/".join(c.replace(" ", ",") for c in COLS) + "\n"
             "1r,1g/2r|2r/1g,1r|r=red:FF0000,g=green:00AA00\n").encode(),
    ".sdm": b"000000010400000000020000000000050407008000300001090000300400200050100000000806000\n"
            b"1...4...2.4....3\n",
}
SAMPLES[".pbn"] = SAMPLES[".xml"]
SUDOKU_TXT = b"# two sudoku\n4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n1...4...2.4....3\n"
CASES = sorted(SAMPLES.items()) + [(".txt", SUDOKU_TXT)]


def test_every_suffix_xlsolver_reads_has_a_sample():
    read = {suffix for kind in file_kinds() for suffix in kind.suffixes}
    assert read == set(SAMPLES)


@pytest.mark.parametrize("suffix, data", CASES, ids=[f"{s}-{i}" for i, (s, _) in enumerate(CASES)])
def test_each_sample_reads_and_solves(tmp_path, suffix, data):
    path = tmp_path / f"sample{suffix}"
    path.write_bytes(data)
    reports = run_paths([path], options=Options(budget_seconds=5))
    assert reports and all(r.status != ERROR for r in reports), [r.message for r in reports]


# --- what every case must end in ------------------------------------------------

def sha(path: Path) -> str | None:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() and not path.is_symlink() else None


def check_reports(reports, path: Path) -> None:
    """A verdict or a one-line error naming the file, for every report; at least one."""
    assert reports
    for report in reports:
        assert isinstance(report.status, Outcome)
        if report.status == ERROR:
            message = report.message
            assert "\n" not in message and "\r" not in message, message
            assert printable(message) == message, f"raw control characters in {message!r}"
            assert printable(path.name) in message, message


# --- Hypothesis: mutations and truncations of every sample ------------------------

TOKENS = ["²", "2³", "٣", "\x1b[2J", "\x1b]0;x\x07", "\u202e", "\ufeff", "\x00", "9" * 40, "-1", "0", "\r", "\n",
          "\n\n", ",", "|", "/", "$1\n", ": rows\n", "#\n", "?", "<a>", "</line>", "<!ENTITY x 'y'>", "&x;",
          "<![CDATA[", "]]>", "width ", "height 99999\n", "rows\n", "saved \"", "goal ", "color r #f00\n", "1r",
          "\t", " " * 50]


@st.composite
def mutations(draw, data: bytes) -> bytes:
    """``data`` with a few edits: cut, bytes or tokens put in, a stretch taken out or repeated."""
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        edit = draw(st.sampled_from(["cut", "bytes", "token", "delete", "repeat", "flip"]))
        if edit == "cut":
            data = data[:at]
        elif edit == "bytes":
            data = data[:at] + draw(st.binary(min_size=1, max_size=8)) + data[at:]
        elif edit == "token":
            data = data[:at] + draw(st.sampled_from(TOKENS)).encode() + data[at:]
        elif edit == "delete":
            data = data[:at] + data[at + draw(st.integers(1, 20)):]
        elif edit == "repeat":
            data = data[:at] + data[at:at + draw(st.integers(1, 30))] * draw(st.integers(2, 5)) + data[at:]
        elif data:
            index = min(at, len(data) - 1)
            data = data[:index] + bytes([data[index] ^ (1 << draw(st.integers(0, 7)))]) + data[index + 1:]
    return data


def run_mutated(suffix: str, data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"mutated{suffix}"
        path.write_bytes(data)
        started = time.perf_counter()
        reports = run_paths([path], options=Options(budget_seconds=2))
        assert time.perf_counter() - started < 15
        check_reports(reports, path)
        assert path.read_bytes() == data


def mutation_test(examples: int):
    @settings(max_examples=examples, derandomize=True, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(data=st.data())
    def test(suffix, sample, data):
        run_mutated(suffix, data.draw(mutations(sample)))
    return test


test_mutated_files_end_in_a_verdict_or_one_line = pytest.mark.parametrize(
    "suffix, sample", CASES, ids=[f"{s}-{i}" for i, (s, _) in enumerate(CASES)])(mutation_test(12))
test_many_mutated_files = pytest.mark.slow(pytest.mark.parametrize(
    "suffix, sample", CASES, ids=[f"{s}-{i}" for i, (s, _) in enumerate(CASES)])(mutation_test(400)))


# --- the table of hostile files ---------------------------------------------------

@dataclass(frozen=True)
class Hostile:
    """A file made to break a reader: how to make it, the exit status the command must
    end with, whether the error names a line, and whether it runs in a child process
    with its memory capped (it was built to blow up)."""

    name: str
    make: Callable[[Path], None]
    status: int = 2
    line: bool = False
    isolated: bool = False
    argv: tuple[str, ...] = ()


def text(data: str | bytes) -> Callable[[Path], None]:
    raw = data if isinstance(data, bytes) else data.encode()
    return lambda path: path.write_bytes(raw)


def non(rows: list[str], cols: list[str], head: str = "") -> str:
    return (f"{head}width {len(cols)}\nheight {len(rows)}\nrows\n" + "\n".join(rows) + "\ncolumns\n"
            + "\n".join(cols) + "\n")


def xml_puzzle(inner: str = "", title: str = "Dot", prolog: str = "") -> str:
    return (f'<?xml version="1.0"?>\n{prolog}<puzzleset><puzzle><title>{title}</title>{inner}'
            "<clues type='rows'><line><count>1</count></line></clues>"
            "<clues type='columns'><line><count>1</count></line></clues></puzzle></puzzleset>\n")


LAUGHS = ('<?xml version="1.0"?>\n<!DOCTYPE puzzleset [<!ENTITY a "ha">'
          + "".join(f'<!ENTITY {chr(98 + k)} "{("&" + chr(97 + k) + ";") * 10}">' for k in range(9))
          + ']>\n<puzzleset><puzzle><title>&j;</title></puzzle></puzzleset>\n')


def fifo(path: Path) -> None:
    os.mkfifo(path)


def link_to_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def folder(path: Path) -> None:
    path.mkdir()


def sparse(size: int) -> Callable[[Path], None]:
    def make(path: Path) -> None:
        with open(path, "wb") as handle:
            handle.truncate(size)
    return make


HOSTILE = [
    # numbers
    Hostile("superscript-size.non", text(non(["1"], ["1"]).replace("width 1", "width ²")), line=True),
    Hostile("superscript-clue.non", text(non(["2³"], ["1"])), line=True),
    Hostile("superscript-clue.mk", text("1 1\n2³\n#\n1\n"), line=True),
    Hostile("superscript.txt", text("²|1\n"), line=True),
    Hostile("superscript-count.xml", text(xml_puzzle().replace("<count>1</count></line></clues><clues",
                                                               "<count>²</count></line></clues><clues")), line=True),
    Hostile("digits-5000.non", text(non(["9" * 5000], ["1"])), line=True),
    Hostile("digits-5000.nin", text("1 1\n" + "9" * 5000 + "\n1\n"), line=True),
    Hostile("digits-5000-size.cwd", text("9" * 5000 + "\n1\n1\n\n1\n"), line=True),
    # sizes declared or implied beyond the limit
    Hostile("declares-20000x20000.non", text(non(["0"] * 20000, ["0"] * 20000)), line=True, isolated=True),
    Hostile("declares-100000x100000.non", text("width 100000\nheight 100000\n"), line=True, isolated=True),
    Hostile("declares-100000x100000.nin", text("100000 100000\n"), line=True, isolated=True),
    Hostile("2001-lines.taai", text("$1\n" + "1\n" * 4002), line=True, isolated=True),
    Hostile("limit-lowered.non", text(SAMPLES[".non"]), line=True, argv=("--max-cells", "20")),  # 5x5 > 20
    # XML
    Hostile("unknown-encoding.xml", text(xml_puzzle().replace('<?xml version="1.0"?>',
                                                              '<?xml version="1.0" encoding="TF-8"?>', 1)), line=True),
    Hostile("nested-50000.xml", text("<puzzleset>\n" + "<a>" * 50_000 + "</a>" * 50_000 + "</puzzleset>\n"),
            line=True, isolated=True),
    Hostile("billion-laughs.xml", text(LAUGHS), line=True, isolated=True),
    Hostile("external-entity.xml", text(xml_puzzle(title="&x;", prolog='<!DOCTYPE p [<!ENTITY x SYSTEM '
                                                                       '"file:///etc/passwd">]>\n')), line=True),
    Hostile("external-dtd.xml", text(xml_puzzle(prolog='<!DOCTYPE p SYSTEM "http://127.0.0.1:9/x.dtd">\n')),
            status=0),
    Hostile("title-1mb.xml", text(xml_puzzle(title="a long title\n" * 80_000)), status=0, isolated=True),
    Hostile("many-elements.xml", text("<puzzleset>" + "<x/>" * 30_000 + "</puzzleset>"), line=True,
            argv=("--max-cells", "1000")),
    Hostile("truncated.xml", text(xml_puzzle()[:90]), line=True),
    Hostile("not-xml.xml", text("width 5\n"), line=True),
    # the puzzle itself
    Hostile("totals-differ.non", text(non(["1", "1"], ["2", "1"]))),
    Hostile("totals-differ.xml", text(xml_puzzle().replace("</clues><clues type='columns'>",
                                                           "<line><count>1</count></line></clues>"
                                                           "<clues type='columns'>"))),
    Hostile("clue-too-long.g", text(": rows\n3\n: columns\n1\n: end\n"), line=True),
    Hostile("garbage.non", text("Lorem ipsum dolor sit amet\n" * 20)),  # unknown keys, then no "width" line
    Hostile("garbage.cwd", text("Lorem ipsum dolor sit amet\n" * 20), line=True),
    Hostile("empty.non", text("")),
    Hostile("empty.g", text("")),
    Hostile("binary.non", text(bytes(range(256)) * 8), line=True),
    Hostile("binary.xml", text(b"\x89PNG\r\n\x1a\n" + bytes(range(256))), line=True),
    Hostile("binary.sdm", text(bytes(range(256)) * 8), line=True),
    # encodings
    Hostile("utf16.non", text(non(["1"], ["1"], 'title "Café"\n').encode("utf-16")), status=0),
    Hostile("cp1252.non", text(non(["1"], ["1"], 'title "Café"\n').encode("cp1252")), status=0),
    Hostile("utf16-broken.non", text(b"\xff\xfe" + "width".encode("utf-16-le") + b"\x00"), line=True),
    # what reaches the terminal
    Hostile("escapes.non", text(non(["\x1b[2J\x1b]0;owned\x07"], ["1"], 'title "\x1b[31mred"\n')), line=True),
    Hostile("bidi.txt", text("1|\u202e1\n"), line=True),
    # patterns that once took more than linear time
    Hostile("colour-clue-near-miss.non", text(non(["1a  " * 40 + "!"], ["1"])), line=True, isolated=True),
    Hostile("long-space-runs.non", text("title x" + " " * 300_000 + "x" + " " * 300_000 + "x\n" + non(["q"], ["1"])),
            line=True, isolated=True),
    # sudoku text files
    Hostile("superscript.sdm", text("²" * 81 + "\n")),
    Hostile("long-line.sdm", text("1" * 1_000_000 + "\n")),
    Hostile("box-digits.txt", text("9" * 5000 + "x1:" + "." * 81 + "\n")),
    # not a file at all
    Hostile("fifo.non", fifo, isolated=True),
    Hostile("fifo.txt", fifo, isolated=True),
    Hostile("fifo.sdm", fifo, isolated=True),
    Hostile("dev-zero.non", link_to_zero, isolated=True),
    Hostile("dev-zero.txt", link_to_zero, isolated=True),
    Hostile("dev-zero.xml", link_to_zero, isolated=True),
    Hostile("a-folder.non", folder),
    Hostile("100mb-sparse.non", sparse(100 * 1024 * 1024), isolated=True),
    Hostile("missing.non", lambda path: None),
]

CHILD = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({cap}, {cap}))
from xlsolver.cli import main
sys.exit(main(sys.argv[1:]))
"""
MEMORY_CAP = 1536 * 1024 * 1024
CHILD_SECONDS = 60


def run_command(case: Hostile, path: Path, capsys) -> tuple[int, str, str]:
    argv = ["solve", str(path), "--budget", "5", *case.argv]
    if not case.isolated:
        status = main(argv)
        out, err = capsys.readouterr()
        return status, out, err
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run([sys.executable, "-c", CHILD.format(cap=MEMORY_CAP), *argv], capture_output=True,
                          text=True, timeout=CHILD_SECONDS, env=env, cwd=path.parent, stdin=subprocess.DEVNULL)
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize("case", HOSTILE, ids=[c.name for c in HOSTILE])
def test_a_hostile_file_ends_in_one_line_and_leaves_the_file_as_it_was(tmp_path, capsys, case):
    path = tmp_path / case.name
    case.make(path)
    before = sha(path)
    started = time.perf_counter()
    status, out, err = run_command(case, path, capsys)
    seconds = time.perf_counter() - started
    assert "Traceback" not in out + err, err
    assert status == case.status, (out, err)
    errors = [line for line in err.splitlines() if line.startswith("xlsolver: ")]
    assert len(errors) == len(err.splitlines()), err  # stderr holds error lines only
    if case.status == 2:
        assert errors, err
        for line in errors:
            assert printable(line) == line, f"raw control characters in {line!r}"
            assert path.name in line, line
            if case.line:
                assert f"{path.name}:" in line and line.split(f"{path.name}:", 1)[1][:1].isdigit(), line
    assert seconds < (CHILD_SECONDS if case.isolated else 10)
    assert sha(path) == before


def test_one_bad_file_among_several_keeps_the_others_verdicts(tmp_path, capsys):
    good = tmp_path / "good.non"
    good.write_bytes(SAMPLES[".non"])
    bad = tmp_path / "bad.non"
    bad.write_text(non(["²"], ["1"]))
    pipe = tmp_path / "pipe.non"
    os.mkfifo(pipe)
    sudoku = tmp_path / "four.sdm"
    sudoku.write_text("1.34341221434.21\n")
    status = main(["solve", str(good), str(bad), str(pipe), str(sudoku)])
    out, err = capsys.readouterr()
    assert status == 2
    assert [line.split(": ")[0] for line in out.splitlines()] == ["good.non", "four.sdm"]
    assert all(line.split(": ")[1].startswith("unique,") for line in out.splitlines())
    assert [line.split(": ")[1] for line in err.splitlines()] == [f"{bad}:4", str(pipe)]


def test_import_refuses_a_hostile_file_in_one_line(tmp_path, capsys):
    path = tmp_path / "laughs.xml"
    path.write_text(LAUGHS)
    book = tmp_path / "book.xlsx"
    assert main(["import", str(path), "-o", str(book)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "declares an entity" in err and not book.exists()
