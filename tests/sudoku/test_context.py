"""No hidden state in the technique ladder: what an explanation remembers lives
on its :class:`Context`, so explanations taken in turn or in two threads give
exactly the steps each gives alone, and no techniques module keeps a mutable
value of its own.

The puzzles are the project's own, chosen because their explanations reach
forcing chains, almost locked sets and uniqueness (every cache the context
holds), on a square box and an oblong one.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import sys
import types
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from xlsolver.sudoku import Shape
from xlsolver.sudoku.generator import make_puzzle
from xlsolver.sudoku.techniques import Context, Grid, explain, next_step

TECHNIQUES = Path(__file__).resolve().parents[2] / "xlsolver" / "sudoku" / "techniques"

# (box, seed): techniques their explanations need beyond the cheap ones
PUZZLES = [
    ("3x3", "context:302"),  # ALS-XZ, forcing chain contradiction, unique rectangle type 2
    ("3x3", "context:366"),  # ALS-XZ, forcing chain contradiction and verity
    ("3x3", "context:2819"),  # ALS-XZ, forcing chain contradiction and verity, unique rectangle type 3
    ("2x4", "context:15"),  # ALS-XZ, forcing chain contradiction
    ("2x4", "context:273"),  # forcing chain contradiction, unique rectangle type 4
]


@pytest.fixture(scope="module")
def made():
    return [make_puzzle(Shape.parse(box), seed) for box, seed in PUZZLES]


@pytest.fixture(scope="module")
def alone(made):
    """Each puzzle's steps, explained on its own."""
    return [list(explain(m.puzzle, m.solution)) for m in made]


def test_the_puzzles_reach_every_cache(alone):
    used = {step.technique for steps in alone for step in steps}
    for name in ("ALS-XZ", "Forcing Chain Contradiction", "Forcing Chain Verity", "AIC",
                 "Unique Rectangle Type 2", "Unique Rectangle Type 3", "Unique Rectangle Type 4"):
        assert name in used


def test_explanations_taken_in_turn_give_the_steps_each_gives_alone(made, alone):
    running = {i: explain(m.puzzle, m.solution) for i, m in enumerate(made)}
    got: list[list] = [[] for _ in made]
    while running:  # one step of each explanation in turn, the two shapes mixed
        for i, steps in list(running.items()):
            step = next(steps, None)
            if step is None:
                del running[i]
            else:
                got[i].append(step)
    assert got == alone


def test_explanations_in_threads_give_the_steps_each_gives_alone(made, alone):
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as the interpreter can
    try:
        with ThreadPoolExecutor(max_workers=4) as pool:
            jobs = [pool.submit(lambda m=m: list(explain(m.puzzle, m.solution))) for m in made + made[::-1]]
            got = [job.result() for job in jobs]
    finally:
        sys.setswitchinterval(interval)
    assert got == alone + alone[::-1]


def test_one_context_serves_two_grids_without_mixing_them(made, alone):
    """A context handed grids it has not seen computes afresh: its keys hold the
    state by value. Three grids (two of one shape) stepped in turn on one context."""
    ctx = Context()
    chosen = [0, 1, 3]
    grids = [Grid.from_puzzle(made[i].puzzle) for i in chosen]
    got: list[list] = [[] for _ in chosen]
    while not all(g.solved() for g in grids):
        for i, grid in enumerate(grids):
            if grid.solved():
                continue
            step = next_step(grid, ctx=ctx)
            assert step is not None, "a puzzle of this test needs a guess"
            grid.apply(step)
            got[i].append(step)
    assert got == [alone[i] for i in chosen]


# --- no module-level mutable state ---------------------------------------------

MUTABLE_CALLS = {"dict", "list", "set", "bytearray", "defaultdict", "OrderedDict", "Counter", "deque"}
MUTABLE_NODES = (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)


def technique_modules() -> list[Path]:
    return sorted(TECHNIQUES.glob("*.py"))


def top_level(tree: ast.Module):
    """The module's statements, looking into top-level if/try/with blocks."""
    stack = list(tree.body)
    while stack:
        node = stack.pop(0)
        if isinstance(node, (ast.If, ast.Try, ast.With)):
            stack[:0] = [*node.body, *getattr(node, "orelse", ()), *getattr(node, "finalbody", ()),
                         *(s for h in getattr(node, "handlers", ()) for s in h.body)]
        else:
            yield node


def called_name(node) -> str | None:
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def frozen(value) -> bool:
    """Nothing reachable from ``value`` can be changed in place (functions,
    classes and modules count as code, not state)."""
    if value is None or isinstance(value, (bool, int, float, complex, str, bytes, range, type,
                                           types.FunctionType, types.BuiltinFunctionType, types.ModuleType)):
        return True
    if isinstance(value, (tuple, frozenset)):
        return all(frozen(v) for v in value)
    if isinstance(value, types.MappingProxyType):
        return all(frozen(k) and frozen(v) for k, v in value.items())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return value.__dataclass_params__.frozen and all(
            frozen(getattr(value, f.name)) for f in dataclasses.fields(value))
    return False


@pytest.mark.parametrize("path", technique_modules(), ids=lambda p: p.stem)
def test_no_module_level_mutable_state(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    name = "xlsolver.sudoku.techniques" + ("" if path.stem == "__init__" else "." + path.stem)
    module = importlib.import_module(name)
    for node in ast.walk(tree):
        assert not isinstance(node, ast.Global), f"{path.name}:{node.lineno} rebinds a module global"
        if isinstance(node, ast.Call):
            assert called_name(node) != "id", f"{path.name}:{node.lineno} keys something by id()"
    for node in top_level(tree):
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["__all__"]:
            continue  # the public names, a list by convention
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            where = f"{path.name}:{node.lineno}"
            assert not isinstance(node, ast.AugAssign), f"{where} changes a module-level value"
            assert not isinstance(node.value, MUTABLE_NODES), f"{where} assigns a mutable container"
            assert called_name(node.value) not in MUTABLE_CALLS, f"{where} assigns a mutable container"
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for leaf in ast.walk(target):
                    if isinstance(leaf, ast.Name):
                        assert frozen(getattr(module, leaf.id)), f"{where}: {leaf.id} can be changed in place"
        if isinstance(node, ast.FunctionDef):
            cached = [d for d in node.decorator_list if called_name(d) in ("cache", "lru_cache")]
            if cached:  # only geometry may be cached for the program's life, keyed by the shape's value
                first = node.args.args[0] if node.args.args else None
                assert first is not None and isinstance(first.annotation, ast.Name) \
                    and first.annotation.id == "Shape", f"{path.name}:{node.lineno} caches {node.name} by more than a shape"
