"""An example puzzlesmith plugin: its puzzle object is in :mod:`.puzzle`."""
