"""Faults while writing (xlsolver.core.files.atomic_write) and an unwritable kernel cache.

The real error is the one reported, in one line; no temporary file outlives a
write however it ends; a symbolic link is written through and a file keeps its
mode. Faults a test cannot make for real (a read-only file system for root, a
full disk) are made by the calls that meet them raising what the system raises.
"""

from __future__ import annotations

import errno
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from xlsolver.cli import main
from xlsolver.core import files
from xlsolver.core.errors import InputError
from xlsolver.core.files import STALE_SECONDS, atomic_write, atomic_write_text

ROOT = Path(__file__).resolve().parents[2]
WORKBOOK = ROOT / "workbooks" / "nonogram.xlsx"
VERDICTS = 8  # the bundled nonogram workbook's puzzles


def temporaries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def read_only(err_no: int = errno.EROFS):
    def refuse(*args, **kwargs):
        raise OSError(err_no, os.strerror(err_no))

    return refuse


# --- the error that stopped the write is the one reported ----------------------------


def test_on_a_read_only_file_system_the_real_error_is_reported(tmp_path, monkeypatch):
    """There even removing a temporary file that is not there fails (EROFS, not
    ENOENT): that clean-up error used to replace the real one, with a traceback."""
    monkeypatch.setattr(Path, "unlink", read_only())
    with pytest.raises(InputError, match="cannot write the workbook: Read-only file system") as raised:
        atomic_write(tmp_path / "out.xlsx", read_only(), "the workbook")
    assert str(tmp_path / "out.xlsx") in str(raised.value)


def test_a_read_only_folder_gives_the_verdicts_and_one_line(tmp_path, monkeypatch, capsys):
    import openpyxl

    monkeypatch.setattr(openpyxl.Workbook, "save", read_only())
    monkeypatch.setattr(Path, "unlink", read_only())
    code = main(["solve", str(WORKBOOK), "-o", str(tmp_path / "out.xlsx")])
    out, err = capsys.readouterr()
    assert code == 2
    assert len(out.splitlines()) == VERDICTS
    assert err.splitlines() == [f"xlsolver: {tmp_path / 'out.xlsx'}: cannot write the workbook: Read-only file system"]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full to stand for a full disk")
def test_a_full_disk_gives_one_line_and_no_traceback(tmp_path):
    """openpyxl writes the workbook into a device that is always full: its zip file
    is left open and, freed later, fails to close again. Python would print that as
    "Exception ignored ... Traceback" on stderr, after the error line."""
    script = textwrap.dedent(f"""
        import sys, openpyxl
        from openpyxl.writer.excel import save_workbook
        openpyxl.Workbook.save = lambda self, name: save_workbook(self, open("/dev/full", "wb"))
        from xlsolver.cli import main
        sys.exit(main(["solve", {str(WORKBOOK)!r}, "-o", {str(tmp_path / "out.xlsx")!r}]))
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 2
    assert len(done.stdout.splitlines()) == VERDICTS
    assert done.stderr.splitlines() == [f"xlsolver: {tmp_path / 'out.xlsx'}: cannot write the workbook: "
                                        "No space left on device"]
    assert temporaries(tmp_path) == []


def test_a_write_that_fails_otherwise_leaves_no_temporary_file(tmp_path):
    def half(temp: Path) -> None:
        temp.write_text("half a workbook")
        raise ValueError("not an OSError")

    with pytest.raises(ValueError):
        atomic_write(tmp_path / "out.xlsx", half)
    assert temporaries(tmp_path) == [] and not (tmp_path / "out.xlsx").exists()


# --- no temporary file outlives a run ----------------------------------------------------

WRITER = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from xlsolver.core.files import atomic_write

    def slow(temp):
        temp.write_text("half a workbook")
        print("writing", flush=True)
        time.sleep(60)

    atomic_write(Path(sys.argv[1]), slow)
""")


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_while_writing_removes_the_temporary_file(tmp_path, number):
    target = tmp_path / "book.xlsx"
    target.write_text("the old workbook")
    child = subprocess.Popen([sys.executable, "-c", WRITER, str(target)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert child.stdout.readline().strip() == "writing"
        assert len(temporaries(tmp_path)) == 1
        child.send_signal(number)
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode != 0
    assert temporaries(tmp_path) == []
    assert target.read_text() == "the old workbook"


def test_the_next_write_removes_what_a_killed_run_left(tmp_path):
    target = tmp_path / "book.xlsx"
    old = time.time() - STALE_SECONDS - 60
    left = {name: tmp_path / name for name in (
        ".book.xlsx.0123abcd.tmp",  # a killed run's: goes
        ".book.xlsx.89abcdef.tmp",  # a write under way elsewhere (young): stays
        ".other.xlsx.0123abcd.tmp",  # another target's: stays
        ".book.xlsx.mine.tmp",  # not a name atomic_write gives: stays
    )}
    for name, path in left.items():
        path.write_text("x")
        if name != ".book.xlsx.89abcdef.tmp":
            os.utime(path, (old, old))
    atomic_write_text(target, "new")
    assert target.read_text() == "new"
    assert temporaries(tmp_path) == [".book.xlsx.89abcdef.tmp", ".book.xlsx.mine.tmp", ".other.xlsx.0123abcd.tmp"]


# --- links and modes ---------------------------------------------------------------------


@pytest.mark.skipif(os.name == "nt", reason="symbolic links need privileges on Windows")
def test_a_link_is_written_through_and_stays_a_link(tmp_path):
    (tmp_path / "real").mkdir()
    real = tmp_path / "real" / "book.xlsx"
    real.write_text("old")
    real.chmod(0o640)
    link = tmp_path / "book.xlsx"
    link.symlink_to(Path("real") / "book.xlsx")
    atomic_write_text(link, "new")
    assert link.is_symlink() and os.readlink(link) == str(Path("real") / "book.xlsx")
    assert real.read_text() == "new"
    assert real.stat().st_mode & 0o777 == 0o640
    assert temporaries(tmp_path) == temporaries(tmp_path / "real") == []


@pytest.mark.skipif(os.name == "nt", reason="symbolic links need privileges on Windows")
def test_in_place_on_a_linked_workbook_paints_the_file_it_names(tmp_path, capsys):
    real = tmp_path / "nonogram.xlsx"
    shutil.copy(WORKBOOK, real)
    link = tmp_path / "link.xlsx"
    link.symlink_to(real.name)
    before = real.read_bytes()
    assert main(["solve", str(link), "--in-place", "--sheet", "Heart"]) == 0
    assert link.is_symlink()
    assert real.read_bytes() != before


@pytest.mark.skipif(os.name == "nt", reason="POSIX modes")
def test_the_mode_of_the_file_is_kept(tmp_path):
    target = tmp_path / "book.xlsx"
    target.write_text("old")
    target.chmod(0o604)
    atomic_write_text(target, "new")
    assert target.stat().st_mode & 0o777 == 0o604


# --- a kernel cache that cannot be written -------------------------------------------------


@pytest.fixture
def read_only_folder(tmp_path):
    """A folder this process cannot write in: its write bits off, or for root, who
    passes over them, the immutable attribute (skipped where neither holds)."""
    folder = tmp_path / "cache"
    folder.mkdir()
    (folder / "left-from-before").write_text("x")
    immutable = False
    if os.geteuid() == 0:
        immutable = shutil.which("chattr") is not None and subprocess.run(
            ["chattr", "+i", str(folder)], capture_output=True).returncode == 0
    else:
        folder.chmod(0o555)
    try:
        (folder / "probe").write_text("")
    except OSError:
        yield folder
    else:
        pytest.skip("no way to make a folder read-only here")
    finally:
        if immutable:
            subprocess.run(["chattr", "-i", str(folder)], check=True)
        folder.chmod(0o755)


CACHE_MODES = [{}, {"XLSOLVER_COMPILE": "foreground", "XLSOLVER_KERNELS": "compiled"}]


@pytest.mark.parametrize("settings", CACHE_MODES, ids=["default", "compiled-in-the-foreground"])
def test_a_read_only_kernel_cache_runs_every_command_plainly(read_only_folder, tmp_path, settings):
    """NUMBA_CACHE_DIR names a folder that exists but cannot be written: the commands
    run on the plain kernels, with the verdicts of a plain run and not a word of it
    (at most one line), never a traceback."""
    base = {k: v for k, v in os.environ.items() if not k.startswith("XLSOLVER_")}
    plain = {**base, "XLSOLVER_NO_NUMBA": "1"}
    read_only = {**base, "NUMBA_CACHE_DIR": str(read_only_folder), **settings}
    sudoku = tmp_path / "nine.txt"
    sudoku.write_text(".2.6.8...58...97......4....37....5..6.......4..8....13....2......98...36...3.6.9.\n")
    commands = [["solve", str(WORKBOOK), "-o", str(tmp_path / "out.xlsx"), "--json"],
                ["solve", str(sudoku), "--json"],
                ["tile", "--board", "3x20", "--count"]]
    for command in commands:
        want = subprocess.run([sys.executable, "-m", "xlsolver", *command], capture_output=True, text=True,
                              env=plain, cwd=ROOT, timeout=300)
        got = subprocess.run([sys.executable, "-m", "xlsolver", *command], capture_output=True, text=True,
                             env=read_only, cwd=ROOT, timeout=300)
        assert got.returncode == want.returncode, got.stderr
        assert "Traceback" not in got.stderr and len(got.stderr.splitlines()) <= 1, got.stderr
        assert _verdicts(got.stdout) == _verdicts(want.stdout)
    assert sorted(p.name for p in read_only_folder.iterdir()) == ["left-from-before"]


def _verdicts(stdout: str) -> list[str]:
    """The verdict of each report line (JSON or text), without its seconds."""
    import json

    found = []
    for line in stdout.splitlines():
        if line.startswith("{"):
            report = json.loads(line)
            found.append(f"{report.get('sheet')}: {report['status']}")
        else:
            found.append(line.split(",")[0])
    return found
