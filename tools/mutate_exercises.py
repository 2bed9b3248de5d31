"""Mutation testing of the exercise checkers: plausible wrong answers made from each official solution.

    python tools/mutate_exercises.py                 # every mutant of every exercise (make mutate)
    python tools/mutate_exercises.py --lesson 07 --exercise supersede --show survived
    python tools/mutate_exercises.py --cap 25 --json out.json   # the sample tests/test_mutation.py runs

Each exercise's solution is the function body between `### BEGIN SOLUTION` and `### END SOLUTION` in
solutions/NN_*.ipynb. mutmut and cosmic-ray mutate files on disk and judge a mutant by running a test
suite in a subprocess; here the "suite" is one in-process `Exercise.evaluate` call on code that lives in a
notebook cell, so a small AST mutator of our own does the job: it parses the marked cell, rewrites one
node inside the markers per mutant (operators below), runs the cell in the solution notebook's namespace
and hands the function to the checker with a per-mutant time limit. A mutant the checker accepts either
shows a missing check case, or it is listed with a one-line reason in EQUIVALENT_MUTANTS of the lesson's
cases module (course_lib/course/exercises/cases/lessonNN.py, next to its CORRECT_VARIANTS and WRONG_ANSWERS).

Operators (the name is the first word of a mutant's id):
  boundary  < <-> <=, > <-> >=          flip      == <-> !=, < -> >, is -> is not, in -> not in
  in-for-eq a == b -> a in b / b in a   none      x is None -> not x (0 and "" taken for None)
  const     int n -> n +/- 1, float x -> x +/- 0.1            slice     a[i:j] bounds +/- 1 or dropped
  round     round(x) / round(x, 2) / int(x) / math.ceil(x) around arithmetic and returned numbers
  lower     .lower() / .strip() on both sides of ==, != and in; on every parameter; on the returned value
  drop      a statement removed                   guard     an if-block removed (its else kept), an
            `and`/`or` operand removed, a comprehension filter removed, a conditional expression's branch kept
  alias     the input returned instead of a copy (list(x) -> x, [dict(m) for m in x] -> x, dict(m, k=v) ->
            m updated in place, sorted(x) -> x sorted in place)
  dedupe    a parameter or a loop's iterable deduplicated as through a dict (dict.fromkeys), order kept
  shared    instance state (self.x = {} in __init__) moved to the class, shared by every instance
  sortkey   a sort key's tuple reordered or cut, reverse= toggled, a unary minus dropped
  arith     + <-> -, / -> //, * -> /        swap      min <-> max, any <-> all, and <-> or, break -> continue
  unwrap    reversed(x) / float(x) / abs(x) / x.lower() ... -> x; a keyword argument dropped
  raise     raise E("why") -> raise E() (no message), -> raise KeyError("why")
The guarded helpers (_mut_lower, _mut_round, ...) change only the values they apply to (strings, numbers),
so a mutant fails the way a student's code would, not with a TypeError.

Not generated, because no input can tell them from the solution (folds_away): a guarded helper on a
string literal it leaves unchanged (`return 'semantic'` lower-cased or stripped), deduplication of an empty
list literal (`return []`), and .lower()/.strip() on both sides of a comparison whose sides already went
through that same method (str.lower and str.strip are idempotent on every string). Likewise (dead_mutation):
a `return None` or bare `return` dropped when it is the last statement of its function (a function that
ends without return returns None: the same program), and a parameter lower-cased, stripped or deduplicated
at the start of a function that never reads it (an assignment to a local nobody reads; the helpers have no
other effect, and a function calling locals(), vars(), eval() or exec() is never folded).

pruned_by leaves out more mutants that are the solution itself, each rule checked on the code alone (or on
the value of a constant tuple), each with its proof here and a probe in tests/test_mutation.py where it
fires and where it must not. "Pure" below means built only of names, literals, attribute and subscript
loads, comparisons other than `is`, and/or/not, len() and the str methods lower/upper/strip/casefold/
startswith/endswith, and re.search/match/fullmatch: no effect, and for the values the exercises pass (str,
numbers, lists, dicts, tuples) equal items give equal results (an f-string or str() is not: 1 == True).
  any/all       dedupe of the iterable of a generator expression that is the sole argument of any() or all(),
                its test pure: a dropped repeat equals an item tested before it, so it could only repeat
                that item's answer, and any()/all() of the same answers in the same first order is the same.
  parameter read as a set   dedupe of a parameter at the start of a function that reads it only as such an
                iterable, as the argument of set()/frozenset() or as the right side of `in`, or whose first
                statement is `p = set(p)`: set() keeps the first of equal items as dedupe does, and membership
                and any/all cannot see repeats.
  first match   dedupe of a parameter read only as the iterable of `for x in p: if <pure test>: return ...`:
                the first item that passes is never a repeat (an equal item before it would have passed
                first), so the loop stops at the same item having tested a subsequence of the same items.
  constant tuple  dedupe of a loop's iterable that is a display of distinct literals, or a global bound
                (once, in the cell, or in the namespace) to a tuple of distinct hashable items: nothing can
                change a tuple, and dedupe drops only items equal to an earlier one. Not for a list or dict.
  sorted set    dedupe of sorted(<a set display, set comprehension, set()/frozenset(), or a local bound only
                to those>) or of such a set: the items of a set are distinct, so sorted() gives no repeats.
  idempotent method  .lower()/.strip() put on a parameter every read of which is already the receiver of
                that same method (`question.lower()`): str.lower and str.strip are idempotent.
  already normalised  .lower()/.strip() on a value that is already so: a loop variable over a display of
                string literals each unchanged by the method (`for kind in ("working", ...)`), and .strip() on
                text json.dumps wrote without an encoder class of one's own (cls=) (directly, through a function
                of the cell that only returns it, or a local bound once to it): json.dumps writes one JSON value,
                which starts and ends with a bracket, quote, digit or letter, never with a space.
  fresh list    sorted(x) -> x.sort() or x, where x is a local bound once to a new list (a display,
                comprehension, list() or sorted()) and read nowhere else: no one else can see the in-place sort.
  rank order kept  a number in a dict display bound once to a local read only as `rank[...]`, the whole key of
                the builtin sorted(), changed so that all the dict's values keep their strict order: sorted()
                compares keys only with <, and every comparison comes out the same.
  rounding twice  round(x) inside round(), int(x) inside int(), math.ceil(x) inside math.ceil(): each gives a
                whole number (or leaves an infinity or NaN alone), which the outer call leaves as it is.
Not a rule, because no proof holds: dedupe of np.argsort(...)[:k] (distinct indices only for a 1-D array;
rows of an (n, 1) array are all [0]) and of an any() whose test calls a function of our own (already_done:
json.dumps writes {"n": 1} and {"n": 1.0} differently although the dicts are equal). Every other accepted
mutant is either killed by a check case or listed with its reason in EQUIVALENT_MUTANTS.

    python tools/mutate_exercises.py --json after.json --compare before.json   # the table below

SCORES (make mutate, 6 Dec 2026: before = main at 0b898bd, after = this branch; "equivalent" = accepted
and argued in EQUIVALENT_MUTANTS; every other generated mutant is killed)

| exercise | generated before | killed before | equivalent before | generated | killed | equivalent |
|---|---:|---:|---:|---:|---:|---:|
| 00 conversation_tokens | 19 | 19 | 0 | 19 | 19 | 0 |
| 00 fits_in_window | 8 | 8 | 0 | 8 | 8 | 0 |
| 00 cosine | 28 | 25 | 3 | 28 | 25 | 3 |
| 01 cumulative_tokens | 15 | 15 | 0 | 15 | 15 | 0 |
| 01 turns_until_full | 17 | 17 | 0 | 17 | 17 | 0 |
| 02 section_share | 15 | 13 | 2 | 13 | 13 | 0 |
| 02 estimate_bill_tool | 44 | 38 | 6 | 44 | 40 | 4 |
| 03 sliding_window | 20 | 19 | 1 | 20 | 19 | 1 |
| 03 window_by_tokens | 19 | 19 | 0 | 19 | 19 | 0 |
| 03 prune | 34 | 32 | 2 | 32 | 32 | 0 |
| 04 needs_summary | 6 | 6 | 0 | 6 | 6 | 0 |
| 04 split_for_fold | 30 | 27 | 3 | 30 | 27 | 3 |
| 04 facts_kept | 15 | 14 | 1 | 15 | 14 | 1 |
| 05 profile_block | 25 | 25 | 0 | 25 | 25 | 0 |
| 05 already_done | 40 | 36 | 4 | 38 | 36 | 2 |
| 05 route | 19 | 13 | 6 | 16 | 13 | 3 |
| 05 cosine_top_k | 39 | 32 | 7 | 39 | 32 | 7 |
| 06 recency | 7 | 7 | 0 | 7 | 7 | 0 |
| 06 score | 14 | 14 | 0 | 14 | 14 | 0 |
| 06 min_max_normalise | 34 | 34 | 0 | 34 | 34 | 0 |
| 06 rank_memories | 28 | 25 | 3 | 28 | 25 | 3 |
| 07 is_valid_at | 28 | 24 | 4 | 28 | 24 | 4 |
| 07 strength | 42 | 42 | 0 | 42 | 42 | 0 |
| 07 supersede | 50 | 47 | 3 | 49 | 47 | 2 |
| 08 should_compact | 11 | 8 | 3 | 11 | 10 | 1 |
| 08 head_tail | 75 | 58 | 17 | 74 | 71 | 3 |
| 08 cache_friendly_order | 16 | 14 | 2 | 14 | 14 | 0 |
| 09 recall_at_k | 16 | 15 | 1 | 15 | 15 | 0 |
| 09 fuse | 38 | 38 | 0 | 38 | 38 | 0 |
| 09 bm25_idf | 22 | 22 | 0 | 22 | 22 | 0 |
| 10 before_hook | 27 | 27 | 0 | 27 | 27 | 0 |
| 10 idempotency_key | 11 | 11 | 0 | 11 | 11 | 0 |
| 10 done_before | 47 | 46 | 1 | 46 | 46 | 0 |
| 11 mask_card | 66 | 62 | 4 | 66 | 62 | 4 |
| 11 is_stale | 10 | 8 | 2 | 10 | 8 | 2 |
| 11 user_filter | 26 | 26 | 0 | 26 | 26 | 0 |
| 12 reached | 8 | 6 | 2 | 6 | 6 | 0 |
| 12 precision | 21 | 19 | 2 | 19 | 19 | 0 |
| 12 LatestUserMessages | 25 | 20 | 5 | 25 | 20 | 5 |
| **all 39** | 1015 | 931 (91.7 %) | 84 | 996 | 948 (95.2 %) | 48 |

Killed before any equivalence is argued: 948 of 996 generated, 95.2 % (was 931 of 1,015, 91.7 %); every
non-equivalent mutant is killed, and no mutant killed before is lost. Two routes got there. The pruning rules
above stopped generating 21 mutants, 19 of them argued equivalents (their entries are gone) and 2 never applied
to a value (prune's `pinned` and `for i in keep`, sets already): any/all 3, parameter read as a set 4, first
match 1, constant tuple 2, sorted set 2, idempotent method 1, already normalised 4, fresh list 1, rank order
kept 2, rounding twice 1. The specs killed 17: 08 should_compact states the line is window × trigger, not
rounded (2: round(), round(x, 2); the library's trigger_tokens now rounds it down, the same line for whole
tokens), 08 head_tail states truncate_tool_output's algorithm, room = max_tokens - marker tokens - 2, head
round(0.7 × room), one token shrunk at a time off the part cut through a character, and the marker line
exactly (13: the split, the margin, the shrinking step and direction), and 02 estimate_bill_tool's error
quotes the restaurant as it was given (2: the name lower-cased or stripped at the start). The 48 left are
correct answers no input the exercise allows tells apart, each with its reason: numpy's own types, float32
input and a common scale (00 cosine 3, 05 cosine_top_k 7), fixed data and names (restaurant names, roles,
ROUTE_CUES, pointers, memory ids: 02 4, 05 route 3, 06 3, 08 head_tail 1, 12 LatestUserMessages 4),
datetimes always true and text never read (07 is_valid_at 4, supersede 1, 11 is_stale 2), an any() whose
test calls a function of our own (05 already_done 2) or reads the same records (07 supersede 1), copies of
what is already a new list and index arithmetic landing on the same groups (03 1, 04 split_for_fold 3, 11
mask_card 4), spaces never at the ends of a fact (04 1), a default argument (12 1), int() of a line compared
with whole token counts (08 should_compact 1), and a head_tail result that never reaches max_tokens exactly
or over (08 head_tail 2).
"""
from __future__ import annotations

import argparse
import contextlib
import io
import ast
import copy
import functools
import importlib
import json
import math
import sys
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import make_exercises  # noqa: E402

from course_lib.course.exercises import CORRECT, all_lessons, solution_regions  # noqa: E402
from course_lib.course.exercises.timelimit import DEFAULT_SECONDS  # noqa: E402

# Seconds per mutant (or 10 times the solution's own check, if more): the limit a learner's check() has
# (timelimit.DEFAULT_SECONDS), so a slow but correct mutant is judged as a learner's answer would be. Every
# mutant killed by it loops forever (each still runs at 15 s); the slowest correct one (head_tail shrinking an
# oversized tail token by token, `room + h`) needs about 4.6 s here, so half the limit made its verdict flaky.
MUTANT_TIME_LIMIT = DEFAULT_SECONDS


# --------------------------------------------------------------------------- the solution notebook's namespace

def _source(cell: dict) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def _alias(cells: list[str]) -> str | None:
    import re
    for source in cells:
        match = re.search(r"from\s+course_lib\.course\.exercises\s+import\s+(lesson\d+)(?:\s+as\s+(\w+))?", source)
        if match:
            return match.group(2) or match.group(1)
    return None


def _uses(source: str, name: str | None) -> bool:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False
    return name is not None and any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(tree))


def notebook_namespace(lesson: str, stubs: bool) -> dict:
    """Run a solutions notebook's code cells, up to its last solution, in one namespace as a kernel would.

    Skipped: cells that use the exercises module (check/hint/solution calls) and cells with IPython-only
    syntax (magics). With `stubs`, marked cells are replaced by their stubs, as in exercises/, and a cell
    that stops with NotImplementedError (it calls an unsolved exercise) is passed over.
    """
    import contextlib
    import io
    notebook = json.loads((ROOT / "solutions" / f"{lesson}.ipynb").read_text(encoding="utf-8"))
    cells = [_source(c) for c in notebook["cells"] if c["cell_type"] == "code"]
    marked = [i for i, source in enumerate(cells) if solution_regions(source)]
    alias = _alias(cells)
    assert alias, f"solutions/{lesson}.ipynb never imports its lesson module"
    namespace: dict = {"__name__": "__main__"}
    for number, source in enumerate(cells[: (marked[-1] + 1) if marked else 0], start=1):
        if number - 1 in marked:
            source = make_exercises.stub_source(source) if stubs else source
        elif _uses(source, alias):
            continue
        try:
            code = compile(source, f"<{lesson} code cell {number}>", "exec")
        except SyntaxError:
            continue  # IPython syntax such as %matplotlib; nothing a solution can depend on
        try:
            with contextlib.redirect_stdout(io.StringIO()):  # the notebook's own prints are not ours to show
                exec(code, namespace)
        except NotImplementedError:
            if not stubs:
                raise
    return namespace


@functools.lru_cache(maxsize=None)
def solution_namespace(lesson: str) -> dict:
    """The namespace of solutions/<lesson>.ipynb run up to its last solution."""
    return notebook_namespace(lesson, stubs=False)


# --------------------------------------------------------------------------- guarded helpers the mutants call

class Helpers:
    """The guarded helpers of one mutant; `applied` turns true once one is handed a value of its kind.

    A helper that never sees its kind of value (round() given only ints, .lower() given only lists) leaves
    the solution as it is on every input of those types: such a mutant is "not applicable", not a mutant.
    """

    def __init__(self) -> None:
        self.applied = False

    def _text(self, fn: Callable[[str], str], value, deep: bool = True):
        if isinstance(value, str):
            self.applied = True
            return fn(value)
        if deep and isinstance(value, dict) and any(isinstance(v, str) for v in value.values()):
            return {k: self._text(fn, v, deep=False) for k, v in value.items()}
        return value

    def _number(self, fn: Callable, value):
        if isinstance(value, (float, np.floating)) and math.isfinite(value):
            self.applied = True
            return fn(value)
        return value

    def _dedupe(self, value):
        if isinstance(value, (list, tuple)):
            self.applied = True
            out = []
            for item in value:
                if not any(item is o or _equal(item, o) for o in out):
                    out.append(item)
            return out
        return value

    def names(self) -> dict[str, Callable]:
        """The helpers by the names the mutants call them."""
        return {"_mut_lower": lambda v: self._text(str.lower, v), "_mut_strip": lambda v: self._text(str.strip, v),
                "_mut_round": lambda v: self._number(round, v), "_mut_round2": lambda v: self._number(
                    lambda x: round(x, 2), v), "_mut_int": lambda v: self._number(int, v),
                "_mut_ceil": lambda v: self._number(math.ceil, v), "_mut_dedupe": self._dedupe}


def _equal(a, b) -> bool:
    try:
        return bool(a == b)
    except Exception:
        return False


# --------------------------------------------------------------------------- the operators

def _call(name: str, *args: ast.expr) -> ast.Call:
    return ast.Call(func=ast.Name(id=name, ctx=ast.Load()), args=list(args), keywords=[])


def _text(node) -> str:
    if isinstance(node, list):
        return "; ".join(_text(n) for n in node) or "(nothing)"
    text = " ".join(ast.unparse(node).split())
    return text if len(text) <= 90 else text[:87] + "..."


BOUNDARY = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt}
FLIP = {ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Lt: ast.Gt, ast.Gt: ast.Lt, ast.LtE: ast.GtE, ast.GtE: ast.LtE,
        ast.Is: ast.IsNot, ast.IsNot: ast.Is, ast.In: ast.NotIn, ast.NotIn: ast.In}
ARITH = {ast.Add: [ast.Sub], ast.Sub: [ast.Add], ast.Div: [ast.FloorDiv, ast.Mult], ast.Mult: [ast.Div],
         ast.FloorDiv: [ast.Div]}
SWAP_NAMES = {"min": "max", "max": "min", "any": "all", "all": "any"}
UNWRAP_CALLS = {"reversed", "float", "abs", "list", "tuple", "dict", "sorted", "str", "bool", "int"}
UNWRAP_METHODS = {"lower", "strip", "casefold", "upper", "copy"}
NUMBER_OPS = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow, ast.FloorDiv)


def _is_text(node: ast.expr) -> bool:
    return isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str))


def _numeric_binop(node: ast.expr) -> bool:
    if not isinstance(node, ast.BinOp) or not isinstance(node.op, NUMBER_OPS):
        return False
    return not any(_is_text(n) for n in ast.walk(node)) and not isinstance(node.left, (ast.List, ast.Tuple))


FOLDS = {"_mut_lower": ("lower", str.lower), "_mut_strip": ("strip", str.strip)}


def folds_away(helper: str, node: ast.expr) -> bool:
    """True if `helper(node)` is `node` on every input, so the mutant is the solution itself (not generated).

    Provable without running anything: a string literal the helper leaves as it is (`'semantic'.lower()`),
    an empty list or tuple literal deduplicated, and a value that already went through the same idempotent
    method (`x.lower()` lower-cased again; str.lower and str.strip are idempotent on every string).
    """
    if helper == "_mut_dedupe":
        return isinstance(node, (ast.List, ast.Tuple)) and not node.elts
    if helper not in FOLDS:
        return False
    method, fn = FOLDS[helper]
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return fn(node.value) == node.value
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == method
            and not node.args and not node.keywords)


INTROSPECTION = {"locals", "vars", "eval", "exec"}


def reads(fn: ast.FunctionDef, name: str) -> bool:
    """True if `fn`'s body may read the local `name` (a nested function's read counts; so does any introspection)."""
    for node in ast.walk(fn):
        if isinstance(node, ast.Name) and (node.id == name and isinstance(node.ctx, ast.Load)
                                           or node.id in INTROSPECTION):
            return True
    return False


def dead_mutation(op: str, node: ast.AST, parent: ast.AST | None, path: tuple) -> bool:
    """True if dropping `node` leaves the very same program: a `return None` / `return` that ends its function.

    A function that runs off the end of its body returns None, so removing the return that ends the body
    changes nothing any caller can see. A `return` inside a loop or an if, or not the last statement, is
    still mutated (dropping it lets the code after it run).
    """
    if op != "drop" or not isinstance(node, ast.Return) or not isinstance(parent, ast.FunctionDef):
        return False
    if node.value is not None and not (isinstance(node.value, ast.Constant) and node.value.value is None):
        return False
    return path[-1] == ("body", len(parent.body) - 1)


Mutation = tuple[str, object]  # (operator, replacement: a node, or a list of statements for a statement)


def expression_mutations(node: ast.AST, parent: ast.AST | None, params: list[str]) -> Iterator[Mutation]:
    """The mutations of one expression node."""
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            for table, name in ((BOUNDARY, "boundary"), (FLIP, "flip")):
                if type(op) in table:
                    new = copy.deepcopy(node)
                    new.ops[i] = table[type(op)]()
                    yield name, new
        if len(node.ops) == 1:
            left, right = node.left, node.comparators[0]
            op = node.ops[0]
            if isinstance(op, ast.Eq):
                yield "in-for-eq", ast.Compare(left=copy.deepcopy(left), ops=[ast.In()], comparators=[copy.deepcopy(right)])
                yield "in-for-eq", ast.Compare(left=copy.deepcopy(right), ops=[ast.In()], comparators=[copy.deepcopy(left)])
            if isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)) and not (
                    isinstance(right, ast.Constant) and right.value is None):
                for helper in ("_mut_lower", "_mut_strip"):
                    if folds_away(helper, left) and folds_away(helper, right):
                        continue
                    yield "lower", ast.Compare(left=_call(helper, copy.deepcopy(left)), ops=[type(op)()],
                                               comparators=[_call(helper, copy.deepcopy(right))])
            if isinstance(op, (ast.Is, ast.IsNot)) and isinstance(right, ast.Constant) and right.value is None:
                subject = copy.deepcopy(left)
                yield "none", ast.UnaryOp(op=ast.Not(), operand=subject) if isinstance(op, ast.Is) else subject
    if isinstance(node, ast.Constant) and type(node.value) in (int, float) and not isinstance(parent, ast.keyword):
        step = 1 if isinstance(node.value, int) else 0.1
        for delta in (step, -step):
            yield "const", ast.Constant(value=round(node.value + delta, 10))
    if isinstance(node, ast.Slice):
        for part in ("lower", "upper"):
            bound = getattr(node, part)
            if bound is None:
                continue
            for delta in (1, -1):
                new = copy.deepcopy(node)
                setattr(new, part, ast.BinOp(left=copy.deepcopy(bound), op=ast.Add() if delta > 0 else ast.Sub(),
                                             right=ast.Constant(value=1)))
                yield "slice", new
            new = copy.deepcopy(node)
            setattr(new, part, None)
            yield "slice", new
    if _numeric_binop(node) and not _numeric_binop(parent):
        for helper in ("_mut_round", "_mut_round2", "_mut_int", "_mut_ceil"):
            yield "round", _call(helper, copy.deepcopy(node))
    if isinstance(node, ast.BinOp) and type(node.op) in ARITH and not any(_is_text(n) for n in (node.left, node.right)):
        for op in ARITH[type(node.op)]:
            yield "arith", ast.BinOp(left=copy.deepcopy(node.left), op=op(), right=copy.deepcopy(node.right))
    if isinstance(node, ast.BoolOp):
        for i in range(len(node.values)):
            rest = [copy.deepcopy(v) for j, v in enumerate(node.values) if j != i]
            yield "guard", rest[0] if len(rest) == 1 else ast.BoolOp(op=type(node.op)(), values=rest)
        yield "swap", ast.BoolOp(op=ast.Or() if isinstance(node.op, ast.And) else ast.And(),
                                 values=copy.deepcopy(node.values))
    if isinstance(node, ast.IfExp):
        yield "guard", copy.deepcopy(node.body)
        yield "guard", copy.deepcopy(node.orelse)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.Not)):
        yield "sortkey" if isinstance(node.op, ast.USub) else "flip", copy.deepcopy(node.operand)
    if isinstance(node, ast.comprehension):
        for i in range(len(node.ifs)):
            new = copy.deepcopy(node)
            del new.ifs[i]
            yield "guard", new
        yield "dedupe", ast.comprehension(target=copy.deepcopy(node.target), iter=_call("_mut_dedupe",
                                          copy.deepcopy(node.iter)), ifs=copy.deepcopy(node.ifs), is_async=0)
    if isinstance(node, (ast.ListComp, ast.GeneratorExp)) and len(node.generators) == 1:
        gen = node.generators[0]
        if isinstance(gen.iter, ast.Name) and isinstance(node.elt, (ast.Name, ast.Call)):
            elt = node.elt
            if isinstance(elt, ast.Call) and isinstance(elt.func, ast.Name) and elt.func.id in ("dict", "list") \
                    and elt.args and isinstance(elt.args[0], ast.Name) and isinstance(gen.target, ast.Name) \
                    and elt.args[0].id == gen.target.id and not elt.keywords:
                yield "alias", copy.deepcopy(gen.iter) if not gen.ifs else ast.ListComp(
                    elt=copy.deepcopy(gen.target), generators=copy.deepcopy(node.generators))
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Name):
            if func.id in SWAP_NAMES:
                yield "swap", ast.Call(func=ast.Name(id=SWAP_NAMES[func.id], ctx=ast.Load()),
                                       args=copy.deepcopy(node.args), keywords=copy.deepcopy(node.keywords))
            if func.id in UNWRAP_CALLS and len(node.args) == 1:
                arg = copy.deepcopy(node.args[0])
                if func.id == "sorted" and isinstance(arg, ast.Name):
                    sort = ast.Call(func=ast.Attribute(value=ast.Name(id=arg.id, ctx=ast.Load()), attr="sort",
                                                       ctx=ast.Load()), args=[], keywords=copy.deepcopy(node.keywords))
                    yield "alias", ast.BoolOp(op=ast.Or(), values=[sort, arg])
                elif not node.keywords:
                    yield "alias" if func.id in ("list", "dict", "tuple") else "unwrap", arg
            if func.id == "dict" and len(node.args) == 1 and node.keywords and isinstance(node.args[0], ast.Name):
                target = node.args[0].id
                update = ast.Call(func=ast.Attribute(value=ast.Name(id=target, ctx=ast.Load()), attr="update",
                                                     ctx=ast.Load()), args=[], keywords=copy.deepcopy(node.keywords))
                yield "alias", ast.BoolOp(op=ast.Or(), values=[update, ast.Name(id=target, ctx=ast.Load())])
        if isinstance(func, ast.Attribute) and func.attr in UNWRAP_METHODS and not node.args:
            yield "unwrap", copy.deepcopy(func.value)
        for i in range(len(node.keywords)):
            new = copy.deepcopy(node)
            kw = new.keywords[i]
            if kw.arg == "reverse":
                kw.value = ast.UnaryOp(op=ast.Not(), operand=kw.value)
                yield "sortkey", new
                continue
            del new.keywords[i]
            yield "unwrap", new
        if any(kw.arg == "key" for kw in node.keywords) and not any(kw.arg == "reverse" for kw in node.keywords):
            new = copy.deepcopy(node)
            new.keywords.append(ast.keyword(arg="reverse", value=ast.Constant(value=True)))
            yield "sortkey", new
    if isinstance(node, ast.Tuple) and isinstance(parent, ast.Lambda) and len(node.elts) > 1:
        yield "sortkey", ast.Tuple(elts=copy.deepcopy(node.elts[::-1]), ctx=ast.Load())
        for i in range(len(node.elts)):
            yield "sortkey", ast.Tuple(elts=[copy.deepcopy(e) for j, e in enumerate(node.elts) if j != i],
                                       ctx=ast.Load())


def statement_mutations(node: ast.stmt, params: list[str]) -> Iterator[Mutation]:
    """The mutations of one statement: dropped, guard removed, return normalised, raise without a message."""
    if not isinstance(node, ast.FunctionDef):
        yield "drop", []
    if isinstance(node, ast.If):
        yield "guard", copy.deepcopy(node.orelse)
        yield "guard", copy.deepcopy(node.body)
    if isinstance(node, ast.Break):
        yield "swap", [ast.Continue()]
    if isinstance(node, ast.Return) and node.value is not None:
        for helper in ("_mut_lower", "_mut_strip", "_mut_dedupe"):
            if folds_away(helper, node.value):
                continue
            yield "lower" if helper != "_mut_dedupe" else "dedupe", [ast.Return(value=_call(helper, copy.deepcopy(node.value)))]
        if not _numeric_binop(node.value):
            for helper in ("_mut_round", "_mut_round2", "_mut_int"):
                yield "round", [ast.Return(value=_call(helper, copy.deepcopy(node.value)))]
        for name in params:
            yield "alias", [ast.Return(value=ast.Name(id=name, ctx=ast.Load()))]
    if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and isinstance(node.exc.func, ast.Name):
        if node.exc.args:
            yield "raise", [ast.Raise(exc=_call(node.exc.func.id), cause=None)]
        if node.exc.func.id != "KeyError":
            yield "raise", [ast.Raise(exc=ast.Call(func=ast.Name(id="KeyError", ctx=ast.Load()),
                                                   args=copy.deepcopy(node.exc.args), keywords=[]), cause=None)]


def entry_mutations(params: list[str]) -> Iterator[tuple[str, list[ast.stmt]]]:
    """Statements put at the top of a solution: each parameter lower-cased, stripped or deduplicated."""
    for name in params:
        for helper, op in (("_mut_lower", "lower"), ("_mut_strip", "lower"), ("_mut_dedupe", "dedupe")):
            yield op, [ast.Assign(targets=[ast.Name(id=name, ctx=ast.Store())],
                                  value=_call(helper, ast.Name(id=name, ctx=ast.Load())), lineno=0)]


# --------------------------------------------------------------------------- mutants of one cell

@dataclass
class Mutant:
    """One rewritten solution: a stable id (operator, before -> after) and the cell's code."""

    id: str
    operator: str
    source: str


def _in_region(node: ast.AST, regions: list[tuple[int, int]]) -> bool:
    line = getattr(node, "lineno", None)
    return line is not None and any(begin + 1 < line <= end for begin, end in regions)


def _functions(tree: ast.Module, regions) -> list[ast.FunctionDef]:
    """The functions whose body holds a solution region (one per method of a class exercise)."""
    return [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)
            and any(_in_region(s, regions) for s in n.body)]


def _params(fn: ast.FunctionDef) -> list[str]:
    return [a.arg for a in fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs if a.arg not in ("self", "cls")]


def _class_state(tree: ast.Module, regions) -> Iterator[tuple[str, str, ast.Module]]:
    """Instance attributes set in __init__ to a fresh container, moved to the class body (shared by all)."""
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        init = next((f for f in cls.body if isinstance(f, ast.FunctionDef) and f.name == "__init__"), None)
        if init is None:
            continue
        for si, stmt in enumerate(init.body):
            if not (isinstance(stmt, ast.Assign) and _in_region(stmt, regions) and len(stmt.targets) == 1):
                continue
            target, value = stmt.targets[0], stmt.value
            pairs = list(zip(target.elts, value.elts)) if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) \
                else [(target, value)]
            for pi, (t, v) in enumerate(pairs):
                fresh = isinstance(v, (ast.Dict, ast.List, ast.Set)) or (
                    isinstance(v, ast.Call) and not any(isinstance(n, ast.Name) and n.id in _params(init)
                                                        for n in ast.walk(v)))
                if not (isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self" and fresh):
                    continue
                new = copy.deepcopy(tree)
                new_cls = next(n for n in ast.walk(new) if isinstance(n, ast.ClassDef) and n.name == cls.name)
                new_init = next(f for f in new_cls.body if isinstance(f, ast.FunctionDef) and f.name == "__init__")
                new_stmt = new_init.body[si]
                if len(pairs) == 1:
                    new_init.body[si] = ast.Pass()
                else:
                    del new_stmt.targets[0].elts[pi], new_stmt.value.elts[pi]
                new_cls.body.insert(0, ast.Assign(targets=[ast.Name(id=t.attr, ctx=ast.Store())],
                                                  value=copy.deepcopy(v), lineno=0))
                yield f"self.{t.attr} = {_text(v)} in __init__", f"class {cls.name}: {t.attr} = {_text(v)}", new


def _children(node: ast.AST) -> Iterator[tuple[str, int | None, ast.AST]]:
    for name, value in ast.iter_fields(node):
        if isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, ast.AST):
                    yield name, i, item
        elif isinstance(value, ast.AST):
            yield name, None, value


def _walk(node: ast.AST, path=(), parent=None) -> Iterator[tuple[tuple, ast.AST, ast.AST | None]]:
    yield path, node, parent
    for name, i, child in _children(node):
        yield from _walk(child, path + ((name, i),), node)


def _replace(tree: ast.Module, path: tuple, replacement) -> ast.Module:
    new = copy.deepcopy(tree)
    holder = new
    for name, i in path[:-1]:
        holder = getattr(holder, name) if i is None else getattr(holder, name)[i]
    name, i = path[-1]
    if isinstance(replacement, list):  # statements: splice into the body, keeping it non-empty
        body = getattr(holder, name)
        body[i:i + 1] = replacement
        if not body:
            body.append(ast.Pass())
    elif i is None:
        setattr(holder, name, replacement)
    else:
        getattr(holder, name)[i] = replacement
    return new


# --------------------------------------------------------------------------- mutants provably the solution itself

# Calls that cannot write anything and give equal results for equal arguments (the methods on the str values
# the exercises compare; re's search functions, whose only effect is re's own pattern cache).
PURE_CALLS = {"len"}
PURE_METHODS = {"lower", "upper", "strip", "lstrip", "rstrip", "casefold", "startswith", "endswith"}
PURE_RE = {"search", "match", "fullmatch"}
SET_MAKERS = {"set", "frozenset"}
ROUNDING = {"_mut_round": "round", "_mut_int": "int", "_mut_ceil": "ceil"}


class Context:
    """What the pruning rules may look at: the cell's tree, its parents, and the namespace the cell runs in."""

    def __init__(self, tree: ast.Module, regions: list[tuple[int, int]], namespace: dict | None):
        self.tree, self.regions, self.namespace = tree, regions, namespace or {}
        self.parent = {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        self.stored = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
        self.stored |= {a.asname or a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))
                        for a in n.names}
        self.stored |= {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
        self.stored |= {a.arg for n in ast.walk(tree) if isinstance(n, ast.arguments)
                        for a in n.posonlyargs + n.args + n.kwonlyargs + [n.vararg, n.kwarg] if a is not None}

    def builtin(self, name: str) -> bool:
        """`name` is Python's builtin of that name: nothing in the cell binds it, nor does the namespace."""
        return name not in self.stored and name not in self.namespace

    def module(self, name: str, module: str) -> bool:
        """`name` is the module `module`: imported so in the cell (and bound nowhere else), or so in the namespace."""
        imports = [a for n in ast.walk(self.tree) if isinstance(n, ast.Import) for a in n.names
                   if (a.asname or a.name) == name]
        others = [n for n in ast.walk(self.tree) if isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load)]
        if imports:
            return not others and all(a.name == module for a in imports)
        value = self.namespace.get(name)
        return name not in self.stored and getattr(value, "__name__", None) == module and type(value).__name__ == "module"


def _pure(node: ast.AST, ctx: Context) -> bool:
    """`node` has no effect and gives equal results for equal values of the names it reads.

    Names, literals, attribute and subscript loads, comparisons (not `is`: 1 == True, 1 is not True), boolean
    operators and the PURE_* calls; anything else (a call of our own function, an f-string, which writes 1 and
    True differently) is not known to be.
    """
    if isinstance(node, (ast.Name, ast.Constant)):
        return True
    if isinstance(node, (ast.Tuple, ast.List)):
        return all(_pure(e, ctx) for e in node.elts)
    if isinstance(node, ast.Attribute):
        return not node.attr.startswith("_") and _pure(node.value, ctx)
    if isinstance(node, ast.Subscript):
        return _pure(node.value, ctx) and _pure(node.slice, ctx)
    if isinstance(node, ast.Slice):
        return all(_pure(p, ctx) for p in (node.lower, node.upper, node.step) if p is not None)
    if isinstance(node, ast.Compare):
        return not any(isinstance(op, (ast.Is, ast.IsNot)) for op in node.ops) and all(
            _pure(n, ctx) for n in [node.left, *node.comparators])
    if isinstance(node, ast.BoolOp):
        return all(_pure(v, ctx) for v in node.values)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return _pure(node.operand, ctx)
    if isinstance(node, ast.Call) and not node.keywords and all(_pure(a, ctx) for a in node.args):
        func = node.func
        if isinstance(func, ast.Name):
            return func.id in PURE_CALLS and ctx.builtin(func.id)
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "re":
            return func.attr in PURE_RE and ctx.module("re", "re")
        if isinstance(func, ast.Attribute):
            return func.attr in PURE_METHODS and _pure(func.value, ctx)
    return False


def _any_all_iter(comp: ast.comprehension, ctx: Context) -> bool:
    """`comp` is the only loop of a generator expression that is the sole argument of any() or all(), and the
    expression's element and filters are _pure."""
    gen = ctx.parent.get(id(comp))
    call = ctx.parent.get(id(gen))
    return (isinstance(gen, ast.GeneratorExp) and gen.generators == [comp] and isinstance(call, ast.Call)
            and isinstance(call.func, ast.Name) and call.func.id in ("any", "all") and ctx.builtin(call.func.id)
            and call.args == [gen] and not call.keywords and _pure(gen.elt, ctx) and all(_pure(i, ctx) for i in comp.ifs))


def _set_valued(node: ast.expr, fn: ast.FunctionDef | None, ctx: Context) -> bool:
    """`node` is a set: a set display or comprehension, set()/frozenset(), or a local every binding of which is one."""
    if isinstance(node, (ast.Set, ast.SetComp)):
        return True
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in SET_MAKERS:
        return ctx.builtin(node.func.id)
    if isinstance(node, ast.Name) and fn is not None and node.id not in _params(fn):
        binds = [n for n in ast.walk(fn) if isinstance(n, ast.Name) and n.id == node.id and not isinstance(n.ctx, ast.Load)]
        assigns = [n for n in ast.walk(fn) if isinstance(n, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == node.id for t in n.targets)]
        augs = [n for n in ast.walk(fn) if isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name)
                and n.target.id == node.id]
        scoped = [n for n in ast.walk(fn) if isinstance(n, (ast.Global, ast.Nonlocal)) and node.id in n.names]
        return (bool(assigns) and not scoped and len(binds) == len(assigns) + len(augs)
                and all(len(a.targets) == 1 and _set_valued(a.value, None, ctx) for a in assigns)
                and all(isinstance(a.op, (ast.BitOr, ast.BitAnd, ast.Sub, ast.BitXor)) for a in augs))
    return False


def _distinct(values) -> bool:
    items = list(values)
    return all(not (a is b or _equal(a, b)) for i, a in enumerate(items) for b in items[i + 1:])


def _constant_tuple(node: ast.expr, fn: ast.FunctionDef, ctx: Context) -> bool:
    """`node` is a tuple of distinct items that no code can change: a display of distinct literals, or a
    global name bound to such a tuple (by the cell's one assignment of it, or in the namespace)."""
    if isinstance(node, (ast.Tuple, ast.List)):
        return all(isinstance(e, ast.Constant) for e in node.elts) and _distinct(e.value for e in node.elts)
    if not isinstance(node, ast.Name) or node.id in _params(fn) or any(
            isinstance(n, ast.Name) and n.id == node.id and not isinstance(n.ctx, ast.Load) for n in ast.walk(fn)):
        return False
    assigns = [n for n in ctx.tree.body if isinstance(n, ast.Assign) and any(
        isinstance(t, ast.Name) and t.id == node.id for t in n.targets)]
    binds = [n for n in ast.walk(ctx.tree) if isinstance(n, ast.Name) and n.id == node.id and not isinstance(n.ctx, ast.Load)]
    if assigns:
        if len(assigns) != 1 or len(binds) != 1 or len(assigns[0].targets) != 1:
            return False
        try:
            value = ast.literal_eval(assigns[0].value)
        except ValueError:
            return False
    elif node.id in ctx.stored or node.id not in ctx.namespace:
        return False
    else:
        value = ctx.namespace[node.id]
    if type(value) is not tuple:  # a list or a dict could be written into before the function runs
        return False
    try:
        [hash(v) for v in value]
    except TypeError:
        return False
    return _distinct(value)


def _only_reads(fn: ast.FunctionDef, name: str, ok: Callable[[ast.Name], bool]) -> bool:
    """Every read of `name` in `fn` passes `ok`, and nothing in `fn` rebinds it or looks at locals()."""
    for n in ast.walk(fn):
        if isinstance(n, ast.Name) and n.id in INTROSPECTION:
            return False
        if isinstance(n, ast.Name) and n.id == name and (not isinstance(n.ctx, ast.Load) or not ok(n)):
            return False
        if isinstance(n, (ast.Global, ast.Nonlocal)) and name in n.names:
            return False
    return True


def _loop_strings(node: ast.expr, fn: ast.FunctionDef) -> list[str] | None:
    """The strings `node` can hold: a name bound only as the target of a for loop over a display of string
    literals (`for kind in ("working", "episodic")`), else None."""
    if not isinstance(node, ast.Name) or node.id in _params(fn):
        return None
    binds = [n for n in ast.walk(fn) if isinstance(n, ast.Name) and n.id == node.id and not isinstance(n.ctx, ast.Load)]
    loops = [n for n in ast.walk(fn) if isinstance(n, ast.For) and isinstance(n.target, ast.Name) and n.target.id == node.id]
    if len(binds) != 1 or len(loops) != 1 or not isinstance(loops[0].iter, (ast.Tuple, ast.List)):
        return None
    elts = loops[0].iter.elts
    if not all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in elts):
        return None
    return [e.value for e in elts]


def _json_text(node: ast.expr, fn: ast.FunctionDef, ctx: Context) -> bool:
    """`node` is text json.dumps wrote: a json.dumps(...) call, a call of a function of the cell whose body is only
    `return json.dumps(...)`, or a local bound once to either."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "dumps" \
            and isinstance(node.func.value, ast.Name) and ctx.module(node.func.value.id, "json"):
        return all(kw.arg not in (None, "cls") for kw in node.keywords)  # cls= could write anything
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        defs = [n for n in ast.walk(ctx.tree) if isinstance(n, ast.FunctionDef) and n.name == node.func.id]
        binds = [n for n in ast.walk(ctx.tree) if isinstance(n, ast.Name) and n.id == node.func.id
                 and not isinstance(n.ctx, ast.Load)]
        body = [s for s in defs[0].body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))] \
            if len(defs) == 1 and not binds else []
        return len(body) == 1 and isinstance(body[0], ast.Return) and body[0].value is not None \
            and _json_text(body[0].value, defs[0], ctx)
    if isinstance(node, ast.Name) and node.id not in _params(fn):
        binds = [n for n in ast.walk(fn) if isinstance(n, ast.Name) and n.id == node.id and not isinstance(n.ctx, ast.Load)]
        assigns = [n for n in ast.walk(fn) if isinstance(n, ast.Assign) and len(n.targets) == 1
                   and isinstance(n.targets[0], ast.Name) and n.targets[0].id == node.id]
        return len(binds) == 1 and len(assigns) == 1 and _json_text(assigns[0].value, fn, ctx)
    return False


def _stripped_anyway(helper: str, node: ast.expr, fn: ast.FunctionDef, ctx: Context) -> bool:
    """helper(node) is node for every value node can have (see the rules in the module docstring)."""
    strings = _loop_strings(node, fn)
    if strings is not None and helper in FOLDS:
        return all(FOLDS[helper][1](s) == s for s in strings)
    return helper == "_mut_strip" and _json_text(node, fn, ctx)


def _fresh_list_sorted_once(new: ast.expr, fn: ast.FunctionDef) -> bool:
    """`new` is `x.sort(...) or x` (the alias of sorted(x)), x a local bound once to a new list (a list display,
    comprehension, list() or sorted() call) and read nowhere but here: sorting it in place touches no other list."""
    if not (isinstance(new, ast.BoolOp) and len(new.values) == 2 and isinstance(new.values[1], ast.Name)):
        return False
    name = new.values[1].id
    if name in _params(fn):
        return False
    binds = [n for n in ast.walk(fn) if isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load)]
    assigns = [n for n in ast.walk(fn) if isinstance(n, ast.Assign) and len(n.targets) == 1
               and isinstance(n.targets[0], ast.Name) and n.targets[0].id == name]
    loads = [n for n in ast.walk(fn) if isinstance(n, ast.Name) and (n.id == name or n.id in INTROSPECTION)
             and isinstance(n.ctx, ast.Load)]
    if len(binds) != 1 or len(assigns) != 1 or len(loads) != 1:
        return False
    value = assigns[0].value
    return isinstance(value, (ast.List, ast.ListComp)) or (
        isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in ("list", "sorted"))


def _rank_kept(node: ast.Constant, new: ast.Constant, fn: ast.FunctionDef, ctx: Context) -> bool:
    """`node` is a value of a dict display bound once to a local read only as `rank[...]`, the whole key of
    sorted() (builtin; a .sort() method could be anyone's), and `new` keeps the order of all the dict's values
    (no two of them equal)."""
    table = ctx.parent.get(id(node))
    assign = ctx.parent.get(id(table))
    if not (isinstance(table, ast.Dict) and any(v is node for v in table.values) and isinstance(assign, ast.Assign)
            and len(assign.targets) == 1 and isinstance(assign.targets[0], ast.Name)):
        return False
    name = assign.targets[0].id
    values = [v.value if isinstance(v, ast.Constant) else None for v in table.values]
    if not all(type(v) in (int, float) for v in values):
        return False
    changed = [new.value if v is node else c for v, c in zip(table.values, values)]
    if not _distinct(values) or not _distinct(changed) or any(
            (a < b) != (c < d) for a, c in zip(values, changed) for b, d in zip(values, changed)):
        return False
    binds = [n for n in ast.walk(fn) if isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load)]

    def ok(n: ast.Name) -> bool:
        sub = ctx.parent.get(id(n))
        lam = ctx.parent.get(id(sub))
        kw = ctx.parent.get(id(lam))
        call = ctx.parent.get(id(kw))
        return (isinstance(sub, ast.Subscript) and sub.value is n and isinstance(lam, ast.Lambda) and lam.body is sub
                and isinstance(kw, ast.keyword) and kw.arg == "key" and isinstance(call, ast.Call)
                and isinstance(call.func, ast.Name) and call.func.id == "sorted" and ctx.builtin("sorted"))
    names = [n for n in ast.walk(fn) if isinstance(n, ast.Name) and (n.id == name or n.id in INTROSPECTION)]
    return (binds == [assign.targets[0]] and name not in _params(fn)
            and all(ok(n) for n in names if n is not assign.targets[0]))


def _first_match_loop(fn: ast.FunctionDef, name: str, ctx: Context) -> bool:
    """`name` is read only as the iterable of `for x in name: if <_pure test>: return <anything>`: the loop
    stops at the first item that passes, and that item is never a repeat."""
    def ok(n: ast.Name) -> bool:
        loop = ctx.parent.get(id(n))
        return (isinstance(loop, ast.For) and loop.iter is n and not loop.orelse and len(loop.body) == 1
                and isinstance(loop.body[0], ast.If) and not loop.body[0].orelse and _pure(loop.body[0].test, ctx)
                and len(loop.body[0].body) == 1 and isinstance(loop.body[0].body[0], ast.Return))
    return _only_reads(fn, name, ok)


def pruned_by(op: str, node: ast.AST | None, new, fn: ast.FunctionDef, ctx: Context,
              param: str | None = None) -> str | None:
    """The rule that proves a mutant to be the solution itself (so it is not generated), or None.

    `node` is the mutated node and `new` its replacement; for a statement put at the start of `fn`, node is
    None and `param` the parameter it rewrites. The rules and their proofs are in the module docstring.
    """
    if op == "dedupe" and isinstance(node, ast.comprehension):
        if _any_all_iter(node, ctx):
            return "any/all"
        if _constant_tuple(node.iter, fn, ctx):
            return "constant tuple"
        if isinstance(node.iter, ast.Call) and isinstance(node.iter.func, ast.Name) and node.iter.func.id == "sorted" \
                and ctx.builtin("sorted") and len(node.iter.args) == 1 and _set_valued(node.iter.args[0], fn, ctx):
            return "sorted set"
        if _set_valued(node.iter, fn, ctx):
            return "sorted set"
    if op == "dedupe" and param is not None:
        first = next(s for s in fn.body if _in_region(s, ctx.regions))  # where the deduplication is put
        if isinstance(first, ast.Assign) and len(first.targets) == 1 and isinstance(first.targets[0], ast.Name) \
                and first.targets[0].id == param and isinstance(first.value, ast.Call) and first.value.args \
                and isinstance(first.value.args[0], ast.Name) and first.value.args[0].id == param \
                and _set_valued(first.value, fn, ctx) and len(first.value.args) == 1 and not first.value.keywords:
            return "parameter read as a set"

        def ok(n: ast.Name) -> bool:
            up = ctx.parent.get(id(n))
            if isinstance(up, ast.comprehension) and up.iter is n:
                return _any_all_iter(up, ctx)
            if isinstance(up, ast.Call) and up.args == [n] and not up.keywords:
                return isinstance(up.func, ast.Name) and up.func.id in SET_MAKERS and ctx.builtin(up.func.id)
            return (isinstance(up, ast.Compare) and len(up.ops) == 1 and isinstance(up.ops[0], (ast.In, ast.NotIn))
                    and up.comparators[0] is n)
        if _only_reads(fn, param, ok):
            return "parameter read as a set"
        if _first_match_loop(fn, param, ctx):
            return "first match"
    if op == "lower" and param is not None:
        method = FOLDS[new[0].value.func.id][0]

        def ok(n: ast.Name) -> bool:
            up, call = ctx.parent.get(id(n)), ctx.parent.get(id(ctx.parent.get(id(n))))
            return (isinstance(up, ast.Attribute) and up.attr == method and isinstance(call, ast.Call)
                    and call.func is up and not call.args and not call.keywords)
        if _only_reads(fn, param, ok):
            return "idempotent method"
    if op == "lower" and isinstance(node, ast.Return) and isinstance(new, list) and isinstance(new[0].value, ast.Call):
        if _stripped_anyway(new[0].value.func.id, node.value, fn, ctx):
            return "already normalised"
    if op == "lower" and isinstance(node, ast.Compare) and isinstance(new, ast.Compare):
        helper = new.left.func.id
        if _stripped_anyway(helper, node.left, fn, ctx) and _stripped_anyway(helper, node.comparators[0], fn, ctx):
            return "already normalised"
    if op == "alias" and _fresh_list_sorted_once(new, fn):
        return "fresh list"
    if op == "const" and isinstance(node, ast.Constant) and _rank_kept(node, new, fn, ctx):
        return "rank order kept"
    if op == "round" and isinstance(new, ast.Call) and isinstance(new.func, ast.Name) and new.func.id in ROUNDING:
        outer = ctx.parent.get(id(node))
        name = ROUNDING[new.func.id]
        if isinstance(outer, ast.Call) and outer.args == [node] and not outer.keywords:
            if name in ("round", "int") and isinstance(outer.func, ast.Name) and outer.func.id == name:
                return "rounding twice" if ctx.builtin(name) else None
            if name == "ceil" and isinstance(outer.func, ast.Attribute) and outer.func.attr == "ceil" \
                    and isinstance(outer.func.value, ast.Name) and ctx.module(outer.func.value.id, "math"):
                return "rounding twice"
    return None


def mutants(cell: str, namespace: dict | None = None, pruned: list[tuple[str, str]] | None = None) -> list[Mutant]:
    """Every mutant of a marked cell, in a fixed order, with unique ids.

    Mutants a rule of pruned_by proves to be the solution itself are left out; with a `pruned` list, each is
    added to it as (rule, id). `namespace` is the one the cell runs in (for the values of its constants).
    """
    regions = solution_regions(cell)
    tree = ast.parse(cell)
    ctx = Context(tree, regions, namespace)
    found: list[tuple[str, str, ast.Module, str | None]] = []
    functions = _functions(tree, regions)
    for path, node, parent in _walk(tree):
        fn = next((f for f in functions if any(n is node for n in ast.walk(f))), None)
        if fn is None or not _in_region(node, regions) and not isinstance(node, ast.comprehension):
            continue
        if isinstance(node, ast.comprehension) and not _in_region(node.iter, regions):
            continue
        params = _params(fn)
        if isinstance(node, ast.stmt):
            for op, new in statement_mutations(node, params):
                if dead_mutation(op, node, parent, path):
                    continue
                found.append((op, f"{_text(node)} -> {_text(new)}", _replace(tree, path, new),
                              pruned_by(op, node, new, fn, ctx)))
        elif isinstance(node, (ast.expr, ast.Slice, ast.comprehension)):
            for op, new in expression_mutations(node, parent, params):
                found.append((op, f"{_text(node)} -> {_text(new)}", _replace(tree, path, new),
                              pruned_by(op, node, new, fn, ctx)))
    for fn in functions:
        first = next(i for i, s in enumerate(fn.body) if _in_region(s, regions))
        for op, stmts in entry_mutations([p for p in _params(fn) if reads(fn, p)]):
            new = copy.deepcopy(tree)
            target = next(f for f in ast.walk(new) if isinstance(f, ast.FunctionDef) and f.name == fn.name
                          and f.lineno == fn.lineno)
            target.body[first:first] = stmts
            found.append((op, f"{fn.name}: {_text(stmts)} at the start", new,
                          pruned_by(op, None, stmts, fn, ctx, param=stmts[0].targets[0].id)))
    for before, after, new in _class_state(tree, regions):
        found.append(("shared", f"{before} -> {after}", new, None))
    out, seen, original = [], {}, ast.unparse(tree)
    for op, text, new, rule in found:
        if ast.unparse(new) == original:
            continue  # e.g. `return text` "returning the input": the solution itself
        key = f"{op}: {text}"
        seen[key] = seen.get(key, 0) + 1
        mutant_id = key if seen[key] == 1 else f"{key} #{seen[key]}"  # numbered before pruning: ids stay put
        if rule is not None:
            if pruned is not None:
                pruned.append((rule, mutant_id))
            continue
        out.append(Mutant(mutant_id, op, ast.unparse(ast.fix_missing_locations(new))))
    return out


# --------------------------------------------------------------------------- running them

@dataclass
class Result:
    """One exercise's mutation score."""

    lesson: str
    exercise: str
    generated: int = 0
    not_applicable: int = 0  # a guarded helper that never met its kind of value: the solution itself
    timed_out: int = 0  # killed because the check ran past the time limit (an endless or very slow loop)
    killed: int = 0
    equivalent: int = 0
    survived: list[str] = field(default_factory=list)
    stale_equivalents: list[str] = field(default_factory=list)  # listed as equivalent, but killed or gone
    pruned: dict[str, list[str]] = field(default_factory=dict)  # rule -> ids it proved the solution itself
    seconds: float = 0.0

    @property
    def score(self) -> float:
        """Killed share of the non-equivalent mutants."""
        alive = self.generated - self.equivalent
        return self.killed / alive if alive else 1.0


def equivalents(lesson: str, exercise: str) -> dict[str, str]:
    """The lesson's EQUIVALENT_MUTANTS for one exercise: {mutant id: why it is a correct answer}."""
    module = importlib.import_module(f"course_lib.course.exercises.cases.lesson{lesson[:2]}")
    return module.EQUIVALENT_MUTANTS.get(exercise, {})


def build(lesson: str, name: str, source: str):
    """The mutant's function (or class), run like its cell in the solution notebook's namespace."""
    namespace = dict(solution_namespace(lesson))
    helpers = Helpers()
    namespace.update(helpers.names())
    exec(compile(source, f"<mutant of {name}>", "exec"), namespace)
    return namespace[name], helpers


def select(found: list[Mutant], cap: int | None) -> list[Mutant]:
    """All mutants, or `cap` of them spread evenly over the list (the same ones on every run)."""
    if cap is None or len(found) <= cap:
        return found
    step = len(found) / cap
    return [found[int(i * step)] for i in range(cap)]


def _solution_passes(exercise, solution, when: str) -> None:
    """The official solution must pass, or no mutant's verdict means anything."""
    with contextlib.redirect_stdout(io.StringIO()):
        verdict = exercise.evaluate(solution, time_limit=0)
    if verdict.status != CORRECT:
        raise RuntimeError(f"{exercise.lesson}.{exercise.name}: the official solution fails {when}:\n{verdict.text()}")


def run_exercise(lesson: str, exercise, cap: int | None = None, time_limit: float = MUTANT_TIME_LIMIT) -> Result:
    """Generate the exercise's mutants, run each against its checker, and count."""
    start = time.perf_counter()
    result = Result(lesson, exercise.name)
    known = equivalents(lesson, exercise.name)
    solution = solution_namespace(lesson)[exercise.name]
    began = time.perf_counter()
    _solution_passes(exercise, solution, "before its mutants")
    time_limit = max(time_limit, 10 * (time.perf_counter() - began))  # a slow check (a real agent run) gets more
    pruned: list[tuple[str, str]] = []
    found = mutants(exercise.solution_cell(), solution_namespace(lesson), pruned)
    for rule, mutant_id in pruned:
        result.pruned.setdefault(rule, []).append(mutant_id)
    chosen = select(found, cap)
    survivors = set()
    with np.errstate(all="ignore"), warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
        warnings.simplefilter("ignore")
        for mutant in chosen:
            try:
                fn, helpers = build(lesson, exercise.name, mutant.source)
            except Exception:
                result.generated += 1
                result.killed += 1  # does not even define the function: no learner would submit it
                continue
            verdict = exercise.evaluate(fn, time_limit=time_limit)
            if "_mut_" in mutant.source and not helpers.applied:
                result.not_applicable += 1
                continue
            result.generated += 1
            result.timed_out += "took too long" in verdict.message
            if verdict.status == CORRECT:
                survivors.add(mutant.id)
                if mutant.id in known:
                    result.equivalent += 1
                else:
                    result.survived.append(mutant.id)
            else:
                result.killed += 1
    _solution_passes(exercise, solution, "after its mutants (one of them changed shared state)")
    ids = {m.id for m in chosen}
    all_ids = {m.id for m in found}
    result.stale_equivalents = sorted(i for i in known if i not in all_ids or (i in ids and i not in survivors))
    result.seconds = time.perf_counter() - start
    return result


def run_all(lesson_filter: str | None = None, exercise_filter: str | None = None, cap: int | None = None,
            time_limit: float = MUTANT_TIME_LIMIT) -> list[Result]:
    """Every exercise's result, lesson by lesson."""
    results = []
    for lesson, exercises in all_lessons().items():
        if lesson_filter and not lesson.startswith(lesson_filter):
            continue
        for exercise in exercises:
            if exercise_filter and exercise.name != exercise_filter:
                continue
            results.append(run_exercise(lesson, exercise, cap, time_limit))
    return results


def table(results: list[Result]) -> str:
    """The mutation score per exercise as a Markdown table, with a total row."""
    lines = ["| exercise | generated | killed | (timed out) | equivalent | survived | score | not applicable |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for r in results:
        lines.append(f"| {r.lesson[:2]} {r.exercise} | {r.generated} | {r.killed} | {r.timed_out} | {r.equivalent} | "
                     f"{len(r.survived)} | {100 * r.score:.1f} % | {r.not_applicable} |")
    total = Result("", "total", generated=sum(r.generated for r in results), killed=sum(r.killed for r in results),
                   equivalent=sum(r.equivalent for r in results), survived=[s for r in results for s in r.survived],
                   not_applicable=sum(r.not_applicable for r in results), timed_out=sum(r.timed_out for r in results))
    before = total.killed / total.generated if total.generated else 1.0
    lines.append(f"| **all {len(results)}** | {total.generated} | {total.killed} | {total.timed_out} | {total.equivalent} | "
                 f"{len(total.survived)} | {100 * total.score:.1f} % (killed/generated {100 * before:.1f} %) | "
                 f"{total.not_applicable} |")
    return "\n".join(lines)


def pruning(results: list[Result]) -> str:
    """How many mutants each rule left out as provably the solution itself (not generated, not counted)."""
    counts: dict[str, int] = {}
    for r in results:
        for rule, ids in r.pruned.items():
            counts[rule] = counts.get(rule, 0) + len(ids)
    return ("not generated, provably the solution itself: " + ", ".join(f"{rule} {n}" for rule, n in sorted(counts.items()))
            if counts else "not generated, provably the solution itself: none")


def compare(results: list[Result], before: list[dict]) -> str:
    """Generated, killed and equivalent per exercise, before (a --json file of an earlier run) and now."""
    old = {(r["lesson"][:2], r["exercise"]): r for r in before}
    lines = ["| exercise | generated before | killed before | equivalent before | generated | killed | equivalent |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    sums = [0] * 6
    for r in results:
        b = old.get((r.lesson[:2], r.exercise), {"generated": 0, "killed": 0, "equivalent": 0})
        row = [b["generated"], b["killed"], b["equivalent"], r.generated, r.killed, r.equivalent]
        sums = [x + y for x, y in zip(sums, row)]
        lines.append(f"| {r.lesson[:2]} {r.exercise} | " + " | ".join(str(x) for x in row) + " |")
    share = [f"{100 * k / g:.1f} %" if g else "-" for g, k in ((sums[0], sums[1]), (sums[3], sums[4]))]
    lines.append(f"| **all {len(results)}** | {sums[0]} | {sums[1]} ({share[0]}) | {sums[2]} | {sums[3]} | "
                 f"{sums[4]} ({share[1]}) | {sums[5]} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lesson", help="only lessons whose name starts with this, e.g. 07")
    parser.add_argument("--exercise", help="only this exercise")
    parser.add_argument("--cap", type=int, help="at most this many mutants per exercise, spread evenly")
    parser.add_argument("--time-limit", type=float, default=MUTANT_TIME_LIMIT, help="seconds per mutant")
    parser.add_argument("--show", choices=["survived", "all"], help="list the surviving mutants (with code: all)")
    parser.add_argument("--json", type=Path, help="write the results as JSON here")
    parser.add_argument("--compare", type=Path, help="also print before/after per exercise against this --json file")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    results = run_all(args.lesson, args.exercise, args.cap, args.time_limit)
    print(table(results))
    print(pruning(results))
    if args.compare:
        print(compare(results, json.loads(args.compare.read_text(encoding="utf-8"))))
    if args.show:
        for r in results:
            for mutant_id in r.survived:
                print(f"SURVIVED {r.lesson[:2]} {r.exercise}: {mutant_id}")
                if args.show == "all":
                    exercise = next(e for e in all_lessons()[r.lesson] if e.name == r.exercise)
                    print(next(m.source for m in mutants(exercise.solution_cell(), solution_namespace(r.lesson))
                               if m.id == mutant_id))
    for r in results:
        for mutant_id in r.stale_equivalents:
            print(f"STALE EQUIVALENT {r.lesson[:2]} {r.exercise}: {mutant_id} (killed, or no longer generated)")
    print(f"{time.perf_counter() - start:.1f} s")
    if args.json:
        args.json.write_text(json.dumps([r.__dict__ for r in results], indent=1), encoding="utf-8")
    return 1 if any(r.survived or r.stale_equivalents for r in results) else 0


if __name__ == "__main__":
    raise SystemExit(main())
