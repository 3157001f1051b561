"""The exact-cover engine against known counts and brute force."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesmith.engines.exactcover import Colored, ExactCover
from puzzlesmith.engines.kernels import AUTO, KERNELS
from puzzlesmith.errors import UsageError
from puzzlesmith.puzzles.pentominoes import placements
from puzzlesmith.results import Limits, Status


def queens(n: int) -> ExactCover:
    """N-queens: rows and columns primary, diagonals secondary (Knuth's formulation)."""
    options = {(r, c): [("r", r), ("c", c), ("d", r + c), ("a", r - c)]
               for r in range(n) for c in range(n)}
    diagonals = [("d", k) for k in range(2 * n - 1)] + [("a", k) for k in range(1 - n, n)]
    return ExactCover(options, secondary=diagonals)


@pytest.mark.parametrize(("n", "expected"), [(1, 1), (2, 0), (3, 0), (4, 2), (6, 4), (8, 92),
                                             (10, 724)])
def test_queens_counts(n, expected):
    assert queens(n).count().count == expected


def test_queens_solutions_are_valid_and_distinct():
    found = [frozenset(s) for s in queens(8).solutions()]
    assert len(found) == len(set(found)) == 92
    for s in found:
        assert len({r for r, _ in s}) == len({c for _, c in s}) == 8
        assert len({r + c for r, c in s}) == len({r - c for r, c in s}) == 8


def test_pentominoes_3x20():
    assert ExactCover(placements(3, 20)).count().count == 8


@pytest.mark.slow
def test_pentominoes_6x10():
    """9356 tilings, 2339 up to the board's four symmetries."""
    solutions = set()
    for s in ExactCover(placements(6, 10)).solutions():
        solutions.add(frozenset(s))
    assert len(solutions) == 9356

    def canonical(tiling):
        images = []
        for flip_r, flip_c in itertools.product((False, True), repeat=2):
            images.append(tuple(sorted(
                (name, tuple(sorted((5 - r if flip_r else r, 9 - c if flip_c else c)
                                    for r, c in cells)))
                for name, cells in tiling)))
        return min(images)

    assert len({canonical(t) for t in solutions}) == 2339


SUDOKU = ("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")


def test_sudoku_has_its_unique_solution():
    options = {}
    for r, c, d in itertools.product(range(9), range(9), range(1, 10)):
        clue = SUDOKU[9 * r + c]
        if clue == "." or int(clue) == d:
            b = 3 * (r // 3) + c // 3
            options[(r, c, d)] = [("cell", r, c), ("row", r, d), ("col", c, d), ("box", b, d)]
    result = ExactCover(options).solve(unique=True)
    assert result.status is Status.SOLVED and result.unique is True
    grid = {(r, c): d for r, c, d in result.solution}
    for k in range(9):
        assert {grid[k, c] for c in range(9)} == set(range(1, 10))
        assert {grid[r, k] for r in range(9)} == set(range(1, 10))
    assert grid[0, 2] == 4 and grid[8, 8] == 9


def brute_force(options, bounds, caps):
    """Every subset of options meeting the bounds, by enumeration."""
    names = list(options)
    found = set()
    for size in range(len(names) + 1):
        for chosen in itertools.combinations(names, size):
            tally = {}
            for name in chosen:
                for item in options[name]:
                    tally[item] = tally.get(item, 0) + 1
            if all(lo <= tally.get(i, 0) <= hi for i, (lo, hi) in bounds.items()) and all(
                    tally.get(i, 0) <= cap for i, cap in caps.items()):
                found.add(frozenset(chosen))
    return found


@st.composite
def instances(draw):
    n_primary = draw(st.integers(1, 4))
    n_secondary = draw(st.integers(0, 2))
    primary = [f"p{i}" for i in range(n_primary)]
    secondary = [f"s{i}" for i in range(n_secondary)]
    n_options = draw(st.integers(1, 9))
    options = {}
    for o in range(n_options):
        items = draw(st.sets(st.sampled_from(primary), min_size=1, max_size=n_primary))
        if secondary:
            items |= draw(st.sets(st.sampled_from(secondary), max_size=n_secondary))
        options[f"o{o}"] = sorted(items)
    bounds = {}
    for item in primary:
        lo = draw(st.integers(0, 2))
        bounds[item] = (lo, lo + draw(st.integers(0, 2)))
    caps = {item: draw(st.integers(1, 2)) for item in secondary}
    return options, bounds, caps


@pytest.mark.parametrize("mode", ["python", "numba"])
def test_matches_brute_force(mode):
    """Every solution exactly once, with either kernels, every switch on or off (probing
    at the root, the option order, independent parts)."""

    @settings(max_examples=150, deadline=None)
    @given(instances(), st.booleans(), st.booleans(), st.booleans(),
           st.one_of(st.none(), st.integers(0, 99)))
    def check(instance, pigeonhole, probe, dynamic, seed):
        options, bounds, caps = instance
        problem = ExactCover(options, secondary=caps, multiplicity=bounds, seed=seed,
                             pigeonhole=pigeonhole, probe=probe, dynamic=dynamic)
        expected = brute_force(options, bounds, caps)
        got = [frozenset(s) for s in problem.solutions(kernels=mode)]
        assert len(got) == len(set(got))
        assert set(got) == expected
        assert problem.count(kernels=mode).count == len(expected)
        result = problem.solve(unique=True, kernels=mode)
        assert result.unique == (len(expected) == 1)
        assert (result.status is Status.SOLVED) == bool(expected)
        assert result.stats.extra["kernel"] == mode

    check()


def test_the_kernels_agree_and_auto_hands_over_mid_search():
    """The python and numba kernels search the same tree; "auto" starts in Python and, at
    the node fixed by the policy, moves its state to the compiled kernels and carries on:
    the same solutions in the same order, the same node count, whatever kernels ran."""
    counts = {mode: queens(8).count(kernels=mode) for mode in KERNELS}
    assert {(c.count, c.stats.nodes) for c in counts.values()} == {(92, 1174)}
    assert [counts[mode].stats.extra["kernel"] for mode in KERNELS] == [
        "numba", "python", "numba"]  # auto: 1174 nodes is past its interpreted budget
    assert AUTO["exactcover"].nodes < 1174
    slow = list(queens(8).solutions(kernels="python"))
    run = queens(8).solutions()
    seen, compiled = [], []
    for solution in run:
        seen.append(solution)
        compiled.append(run.compiled)
    assert seen == slow and len(seen) == 92 and run.status is Status.SOLVED
    assert not compiled[0] and compiled[-1]
    assert run.stats.nodes == 1174 and run.stats.extra["kernel"] == "numba"


def test_auto_is_deterministic_and_a_small_search_stays_in_python():
    """The same run twice makes the same choice; a search within the node budget never
    leaves Python; a bad choice is refused before any work."""
    runs = [queens(6).count() for _ in range(2)]
    assert [(r.count, r.stats.nodes, r.stats.extra["kernel"]) for r in runs] == [
        (4, runs[0].stats.nodes, "python")] * 2
    assert runs[0].stats.nodes < AUTO["exactcover"].nodes
    with pytest.raises(UsageError, match="fast"):
        queens(6).solve(kernels="fast")


def test_regression_exclusion_is_propagated_before_the_next_branch():
    """Found by hypothesis: with probing, a contradiction caused by excluding a tried option
    was consumed by the failing branch after it, and a later branch kept the state where p0
    could no longer be covered, yielding {o3, o8}."""
    options = {"o0": ["p0", "p1", "p2"], "o1": ["p0", "p1", "p2"], "o2": ["p0", "p1", "p2"],
               "o3": ["p1", "s0"], "o4": ["p2", "s0"], "o5": ["p0", "p1", "p2"],
               "o6": ["p0", "s0"], "o7": ["p0", "p1", "p2"], "o8": ["p2", "s0"]}
    bounds = {"p0": (1, 1), "p1": (1, 1), "p2": (1, 2), "p3": (0, 0)}
    expected = brute_force(options, bounds, {"s0": 2})
    assert len(expected) == 15
    for probe, pigeonhole, mode in itertools.product((True, False), (True, False),
                                                     ("python", "numba")):
        problem = ExactCover(options, secondary={"s0": 2}, multiplicity=bounds, seed=30,
                             pigeonhole=pigeonhole, probe=probe)
        got = [frozenset(s) for s in problem.solutions(kernels=mode)]
        assert len(got) == len(set(got)) and set(got) == expected, (probe, pigeonhole)
        assert problem.count(kernels=mode).count == 15


def test_interleaved_iterators_keep_their_own_state():
    """Each search has its own state: two iterators over one problem, advanced in turn,
    both give every solution (and a count in between disturbs neither)."""
    problem = queens(6)
    first, second = problem.solutions(), iter(problem)
    got_first, got_second = [], []
    for a, b in itertools.zip_longest(first, second):
        got_first.append(frozenset(a))
        got_second.append(frozenset(b))
        assert problem.count().count == 4
    assert len(got_first) == len(set(got_first)) == 4 and set(got_first) == set(got_second)
    assert first.status is Status.SOLVED and not first.gave_up
    eight = queens(8)
    runs = [eight.solutions() for _ in range(3)]
    seen = [set() for _ in runs]
    for step in range(92):
        for n, run in enumerate(runs[: 1 + step % 3]):
            seen[n].add(frozenset(next(run)))
    assert len(seen[0]) == 92


def test_results_are_the_shared_family():
    from puzzlesmith import results

    problem = queens(6)
    solved = problem.solve(unique=True)
    assert isinstance(solved, results.SolveResult) and solved.wanted_unique
    assert solved.verdict() is Status.UNSOLVABLE  # four solutions: not unique
    counted = problem.count(limit=2)
    assert isinstance(counted, results.CountResult)
    assert (counted.count, counted.complete, counted.limit) == (2, False, 2)
    assert counted.status is Status.SOLVED and counted.uniqueness() is False
    assert counted.to_dict()["nodes"] == counted.stats.nodes > 0
    none = ExactCover({"a": ["x"], "b": ["x"]}, multiplicity={"x": 3}).count()
    assert none.status is Status.UNSOLVABLE and none.complete


def test_count_limit_and_node_limit():
    limited = queens(8).count(limit=10)
    assert (limited.count, limited.complete) == (10, False)
    stopped = queens(10).count(limits=Limits(nodes=50))
    assert not stopped.complete and stopped.stats.nodes <= 50
    assert stopped.status is Status.GAVE_UP
    result = queens(12).solve(unique=True, limits=Limits(nodes=5))
    assert result.status is Status.GAVE_UP and result.unique is None
    run = queens(10).solutions(limits=Limits(nodes=30))
    assert len(list(run)) < 724 and run.gave_up and run.status is Status.GAVE_UP
    with pytest.raises(UsageError, match="limit"):
        queens(4).count(limit=0)


def test_time_limit_is_honoured():
    result = ExactCover(placements(6, 10)).count(limits=Limits(seconds=0.2))
    assert not result.complete and result.status is Status.GAVE_UP


def test_a_passed_deadline_stops_model_building():
    from puzzlesmith.errors import LimitReached

    with pytest.raises(LimitReached, match="building the model"):
        ExactCover(placements(3, 20), limits=Limits(seconds=0).started())


def test_random_order_is_reproducible_and_varied():
    firsts = {tuple(sorted(queens(8).solve().solution))}
    for seed in range(8):
        a = ExactCover({(r, c): [("r", r), ("c", c)] for r in range(6) for c in range(6)},
                       seed=seed).solve().solution
        b = ExactCover({(r, c): [("r", r), ("c", c)] for r in range(6) for c in range(6)},
                       seed=seed).solve().solution
        assert a == b
        firsts.add(tuple(sorted(a)))
    assert len(firsts) > 3


def test_lazy_iteration_stops_early():
    iterator = iter(queens(12))
    first = next(iterator)
    assert len(first) == 12


def test_bad_models_are_rejected():
    with pytest.raises(UsageError, match="covers no primary item"):
        ExactCover({"a": ["x"], "b": ["s"]}, secondary=["s"])
    with pytest.raises(UsageError, match="multiplicity"):
        ExactCover({"a": ["x"]}, multiplicity={"x": (2, 1)})
    with pytest.raises(UsageError, match="both secondary and primary"):
        ExactCover({"a": ["x"]}, secondary=["x"], multiplicity={"x": 1})


def test_unsolvable_and_empty():
    assert ExactCover({"a": ["x"], "b": ["x"]}, multiplicity={"x": 3}).solve().status \
        is Status.UNSOLVABLE
    assert ExactCover({}).count().count == 1  # the empty set covers nothing, as asked


def test_random_seed_object_accepted():
    result = queens(6).solve(unique=False)
    shuffled = ExactCover({(r, c): [("r", r), ("c", c)] for r in range(3) for c in range(3)},
                          seed=random.Random(5)).count()
    assert result.status is Status.SOLVED and shuffled.count == 6


def brute_force_colored(options):
    """Every subset of options covering each primary item once, and each secondary item
    once or only by options giving it one same colour (Knuth's Algorithm C), by enumeration."""
    names = list(options)
    found = set()
    for size in range(len(names) + 1):
        for chosen in itertools.combinations(names, size):
            primary, secondary = {}, {}
            for name in chosen:
                for entry in options[name]:
                    if isinstance(entry, Colored):
                        secondary.setdefault(entry.item, []).append(entry.color)
                    elif entry.startswith("s"):
                        secondary.setdefault(entry, []).append(None)
                    else:
                        primary[entry] = primary.get(entry, 0) + 1
            if all(primary.get(p, 0) == 1 for p in ("p0", "p1", "p2")) and all(
                    len(c) == 1 or (None not in c and len(set(c)) == 1)
                    for c in secondary.values()):
                found.add(frozenset(chosen))
    return found


@st.composite
def colored_instances(draw):
    options = {}
    for o in range(draw(st.integers(1, 8))):
        items = sorted(draw(st.sets(st.sampled_from(["p0", "p1", "p2"]), min_size=1)))
        for s in sorted(draw(st.sets(st.sampled_from(["s0", "s1"])))):
            color = draw(st.sampled_from([None, "red", "blue"]))
            items.append(s if color is None else Colored(s, color))
        options[f"o{o}"] = items
    return options


@pytest.mark.parametrize("mode", ["python", "numba"])
def test_colors_match_brute_force(mode):
    """Colours: every solution exactly once, against brute force, with either kernels."""

    @settings(max_examples=150, deadline=None)
    @given(colored_instances(), st.one_of(st.none(), st.integers(0, 99)))
    def check(options, seed):
        problem = ExactCover(options, secondary=["s0", "s1"],
                             multiplicity={p: 1 for p in ("p0", "p1", "p2")}, seed=seed)
        expected = brute_force_colored(options)
        got = [frozenset(s) for s in problem.solutions(kernels=mode)]
        assert len(got) == len(set(got)) and set(got) == expected
        assert problem.count(kernels=mode).count == len(expected)
        assert problem.solve(unique=True, kernels=mode).unique == (len(expected) == 1)

    check()


def test_colors_are_checked():
    with pytest.raises(UsageError, match="primary"):
        ExactCover({"a": [Colored("p", 1)]})
    with pytest.raises(UsageError, match="plain exact cover"):
        ExactCover({"a": ["p", Colored("s", 1)]}, secondary=["s"], probe=True)


def test_with_forced_matches_brute_force():
    """A forced model's solutions are the parent's that contain the forced options, and its
    tables (and the numpy ``cells``) are those the kernels' own ``cells`` derives; a
    shuffled model's tables are those the constructor makes with the same seed."""
    from puzzlesmith.engines import exactcover_kernels

    @settings(max_examples=150, deadline=None)
    @given(instances(), st.one_of(st.none(), st.integers(0, 99)), st.data())
    def check(instance, seed, data):
        options = instance[0]
        problem = ExactCover(options, secondary=["s0", "s1"], seed=seed)
        if seed is not None:
            shuffled = ExactCover(options, secondary=["s0", "s1"]).shuffled(seed)
            assert shuffled.item_opts.tolist() == problem.item_opts.tolist()
            assert shuffled.cells()[0][0].tolist() == problem.cells()[0][0].tolist()
        taken = data.draw(st.sets(st.sampled_from(sorted(options)), max_size=2))
        rest = problem.with_forced(taken)
        clash = any(set(options[a]) & set(options[b])
                    for a, b in itertools.combinations(taken, 2))
        assert (rest is None) == clash
        if rest is None:
            return
        primary = {i: (1, 1) for items in options.values() for i in items if i[0] == "p"}
        expected = {s - taken for s in brute_force(options, primary, {"s0": 1, "s1": 1})
                    if taken <= s}
        assert {frozenset(s) for s in rest.solutions(kernels="python")} == expected
        for model in (problem, rest):
            start, entry_opt = model.cells()
            reference = exactcover_kernels.cells(*(a.tolist() for a in (
                model.opt_start, model.opt_items, model.item_start, model.item_opts)))
            assert ([a.tolist() for a in start], entry_opt.tolist()) == (
                [list(a) for a in reference[0]], reference[1])

    check()


def test_with_forced_needs_plain_exact_cover():
    with pytest.raises(UsageError, match="plain"):
        ExactCover({"a": ["p"]}, multiplicity={"p": 2}).with_forced(["a"])
