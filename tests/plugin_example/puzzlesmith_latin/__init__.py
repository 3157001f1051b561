"""An example puzzlesmith plugin: the template puzzle (Latin squares), renamed."""
