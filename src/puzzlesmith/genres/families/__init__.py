"""The shared rule families, each with its encoding, its deductions and its direct check."""

from .areas import Areas
from .diagonals import CornerCount, NoCycle
from .loop import Loop, LoopCount
from .pearls import Pearls
from .polyominoes import GivenNumbers, Polyominoes
from .rectangles import Rectangles
from .runs import RegionCount, RoomRuns, SightCount
from .shading import Connected, Count, CountEach, FixedCount, NoAdjacent, NoBlock, Unshaded
from .sight import AllDifferent, LineOfSight
from .tetromino import Dominoes, Tetrominoes

__all__ = ["Count", "CountEach", "FixedCount", "Unshaded", "NoAdjacent", "NoBlock", "Connected",
           "LineOfSight",
           "AllDifferent", "Areas", "Loop", "LoopCount", "Rectangles", "Polyominoes",
           "Pearls", "CornerCount", "NoCycle",
           "SightCount", "RoomRuns", "RegionCount", "Dominoes", "Tetrominoes", "GivenNumbers"]
