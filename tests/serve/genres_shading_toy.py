"""The genre toy with Light Up's board: walls with their numbers, bulbs and dots."""

from puzzlesmith.genres.declared import lightup
from tests.serve.genres_toy import GenreToy

PUZZLE = GenreToy("genre-lightup", lightup, "..1.\n....\n#..2\n....")
