"""Grid genres by declaration: a genre reads like its rules card.

A genre declares its givens (clue numbers, walls, regions), its unknowns (shading, numbers,
loop edges) and its rules, taken from the shared rule families.  Every verb (solve, count,
uniqueness, check, rate and hint, drawing, the web board) comes from the shared parts.
"""
