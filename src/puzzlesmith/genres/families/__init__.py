"""The shared rule families, each with its encoding, its deductions and its direct check."""

from .areas import Areas
from .loop import Loop, LoopCount
from .runs import RegionCount, RoomRuns, SightCount
from .shading import Connected, Count, CountEach, NoAdjacent, NoBlock, Unshaded
from .sight import AllDifferent, LineOfSight
from .tetromino import Dominoes, Tetrominoes

__all__ = ["Count", "CountEach", "Unshaded", "NoAdjacent", "NoBlock", "Connected", "LineOfSight",
           "AllDifferent", "Areas", "Loop", "LoopCount",
           "SightCount", "RoomRuns", "RegionCount", "Dominoes", "Tetrominoes"]
