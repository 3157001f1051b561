"""Star Battle: the board and its exact-cover solver (:mod:`.board`), a generator of unique
puzzles (:mod:`.generator`) and a rule-based solver that rates and explains (:mod:`.rules`)."""

from .board import (
    EMPTY,
    EXAMPLE_6X6,
    FORMATS,
    NO_REGION,
    STAR,
    VOID,
    StarBattle,
    StarBattleResult,
    count,
    example,
    format,
    format_solution,
    implied_stars,
    is_solution,
    model,
    parse,
    solution_rows,
    solutions,
    solve,
    validate,
    violations,
)
from .generator import METHODS, GenerateResult, generate
from .rules import LEVELS, NO_SOLUTION, Rating, Step, explain, rate

__all__ = [
    "EMPTY", "EXAMPLE_6X6", "FORMATS", "NO_REGION", "STAR", "VOID", "StarBattle",
    "StarBattleResult", "count", "example", "format", "format_solution", "implied_stars",
    "is_solution", "model", "parse", "solution_rows", "solutions", "solve", "validate",
    "violations", "generate", "GenerateResult", "METHODS", "rate", "explain", "Rating", "Step",
    "LEVELS", "NO_SOLUTION",
]
