"""How ``solve`` and the actions (``step``, ``hint``, ``check``, ``clear``,
``explain``) run their inputs: one workbook with a line per puzzle as it is
decided, or a batch of folders, patterns and puzzle files over every core (or a
Dask cluster), with a progress line on a terminal and an optional summary.

The work itself is :mod:`xlsolver.jobs.batch`; this module turns the command
line into it, shows progress and prints.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from xlsolver.cli.common import Watcher, fail, kind_settings, limits, print_lines, printable

__all__ = ["BatchBar", "run_action"]


class BatchBar:
    """A batch's progress on a terminal, drawn by tqdm: the share of the input read,
    files and puzzles done, puzzles a second and the time left. Nothing is drawn
    when stderr is not a terminal (a pipe, a log file), nor for a batch of one input."""

    def __init__(self, counts, enabled: bool) -> None:
        self.counts = counts
        self.enabled = enabled
        self.started = time.time()  # tqdm's clock
        self._bar = None
        self._last = 0.0
        self.shared = sys.stdout.isatty()  # the lines print where the bar is: wipe it first

    def update(self) -> None:
        """Redraw, at most ten times a second (and once the last input is read)."""
        if not self.enabled:
            return
        now = time.time()
        if now - self._last < 0.1 and self.counts.bytes_done < self.counts.bytes:
            return
        self._last = now
        if self._bar is None:
            from tqdm import tqdm

            self._bar = tqdm(total=max(self.counts.bytes, 1), file=sys.stderr, leave=False, dynamic_ncols=True,
                             mininterval=0, bar_format="{percentage:3.0f}%|{bar}| {desc} [{elapsed}<{remaining}]")
            self._bar.start_t = self.started  # the batch's start, not the first draw's
        rate = self.counts.puzzles / max(now - self.started, 1e-9)
        self._bar.n = min(self.counts.bytes_done, self._bar.total)
        self._bar.set_description_str(f"{self.counts.files_done}/{self.counts.files} files, "
                                      f"{self.counts.puzzles:,} puzzles, {rate:,.0f}/s", refresh=False)
        self._bar.refresh()

    def done(self) -> None:
        """Take the bar off the screen before a line is printed on the same screen."""
        if self._bar is not None and self.shared:
            self._bar.clear()

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None


def run_action(args: argparse.Namespace, action: str) -> int:
    """Run ``action`` on every input the command line names; the exit status."""
    from xlsolver.core.errors import InputError
    from xlsolver.jobs import Options
    from xlsolver.jobs.batch import Batch, Counts, batch_groups, prepare, runner_for

    raw = args.output
    folder = None
    if isinstance(raw, str):
        folder = True if raw.endswith(("/", os.sep)) else None
        args.output = Path(raw)
    settings, wrong = kind_settings(args, action)
    if wrong:
        return fail(wrong)
    scheduler = args.scheduler or os.environ.get("XLSOLVER_SCHEDULER", "").strip() or None  # as dask_runner reads it
    if args.skip_done and args.in_place:
        return fail("--skip-done compares each input with its painted copy; with --in-place there is none")
    try:
        inputs = prepare(args.paths, action, args.output, args.in_place, folder)
        if args.summary is not None:
            from xlsolver.jobs.summary import check_summary, open_summary

            check_summary(args.summary)
            _not_an_input_or_output(args.summary, inputs)
        runner = runner_for(inputs, args.workers, scheduler)
    except InputError as err:
        return fail(str(err))
    batch = Batch(action, args.sheet, args.in_place, args.json, args.budget, settings, limits(args))
    terminal = sys.stderr.isatty() and not args.json
    single = len(inputs.items) == 1 and runner.workers == 1 and not scheduler
    watch = Watcher(enabled=terminal and single)
    options = Options(budget_seconds=args.budget, on_start=watch.start, progress=watch.progress,
                      settings=settings, limits=limits(args)) if single else None
    counts = Counts()
    bar = BatchBar(counts, enabled=terminal and not single)

    def wipe() -> None:
        watch.bar.done()
        bar.done()

    try:
        summary = open_summary(args.summary) if args.summary is not None else None
    except InputError as err:
        runner.close()
        return fail(str(err))
    finished = False
    try:
        with runner:
            groups = batch_groups(inputs, batch, runner, args.skip_done, options, counts)
            tally = print_lines(_watched(groups, bar), args.json, before=wipe,
                                each=summary.add if summary is not None else lambda line: None)
        finished = True
    finally:
        watch.bar.done()
        bar.close()
        if summary is not None:
            _finish(summary, args.summary, finished, args.json)
    return tally.exit_code()


def _not_an_input_or_output(summary: Path, inputs) -> None:
    """Refuse a summary that would be written over one of the batch's files."""
    from xlsolver.core.errors import InputError
    from xlsolver.jobs import default_output

    own = summary.resolve()
    for path in inputs.paths:
        target = inputs.targets.get(path) or default_output(path)
        for taken, what in ((path, "an input"), (target, "an output")):
            if taken.resolve() == own:
                raise InputError(f"--summary names {what} of this batch ({printable(str(taken))}); "
                                 "choose another file", str(summary))


def _watched(groups, bar):
    for group in groups:
        yield group
        bar.update()


def _finish(summary, path, finished: bool, as_json: bool) -> None:
    """Close the summary; a stopped batch still gets one, of what was done."""
    from xlsolver.core.errors import InputError

    try:
        if finished:
            summary.close()
        else:
            summary.abort()
    except InputError as err:
        print(f"xlsolver: {printable(str(err))}", file=sys.stderr, flush=True)
        return
    if finished and not as_json:  # stdout of --json holds the JSON lines only
        print(f"summary written to {printable(str(path))}")
