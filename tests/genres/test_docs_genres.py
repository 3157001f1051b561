"""The Python examples of docs/genres.md run."""

from __future__ import annotations

import re
from pathlib import Path

PAGE = Path(__file__).resolve().parents[2] / "docs" / "genres.md"


def test_the_python_examples_run():
    blocks = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 3
    namespace: dict = {}
    exec("from puzzlesmith.genres.families import *\n"  # the declaration's imports
         "from puzzlesmith.genres.language import Genre, Shading\n"
         "from puzzlesmith.genres.select import clue_neighbours\n" + blocks[0], namespace)
    exec(blocks[1], namespace)
    assert namespace["result"].unique is True
    exec(blocks[2], namespace)  # a genre module's other names
    assert namespace["lightup"].read(namespace["EXAMPLE"]).rows == 3
