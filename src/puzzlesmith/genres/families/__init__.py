"""The shared rule families, each with its encoding, its deductions and its direct check."""

from .areas import Areas
from .loop import Loop, LoopCount
from .polyominoes import GivenNumbers, Polyominoes
from .rectangles import Rectangles
from .shading import Connected, Count, CountEach, NoAdjacent, NoBlock, Unshaded
from .sight import AllDifferent, LineOfSight

__all__ = ["Count", "CountEach", "Unshaded", "NoAdjacent", "NoBlock", "Connected", "LineOfSight",
           "AllDifferent", "Areas", "Loop", "LoopCount", "Rectangles", "Polyominoes",
           "GivenNumbers"]
