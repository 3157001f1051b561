"""An example puzzlesmith plugin: a copy of the template puzzle (Latin squares), renamed."""
