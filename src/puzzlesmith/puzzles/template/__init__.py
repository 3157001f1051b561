"""The template puzzle (Latin square completion): copy this package to add a puzzle."""
