"""Every API example of docs/serve.md, run against a live server: an ``http`` block (the
request line and its JSON body) followed by a ``json`` block (the answer, compared key by key
as tests/test_docs.py does: ``"..."`` matches anything, ``seconds`` is never compared)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.serve.test_api import PLAYABLE
from tests.test_docs import same_json

PAGE = Path(__file__).resolve().parents[2] / "docs" / "serve.md"
EXAMPLE = re.compile(r"```http\n(.*?)```\s*(?:answered with HTTP (\d+):\s*)?```json\n(.*?)```",
                     re.S)
CASES = EXAMPLE.findall(PAGE.read_text(encoding="utf-8"))


def test_the_page_has_examples():
    assert len(CASES) >= 4


@pytest.mark.parametrize(("request_text", "code", "answer"), CASES,
                         ids=[c[0].splitlines()[0] for c in CASES])
def test_example(http, request_text, code, answer):
    method, path = request_text.splitlines()[0].split()
    name = path.split("/")[2]
    if name not in PLAYABLE and name != "any":
        pytest.skip(f"{name} is not under test")
    body = "\n".join(request_text.splitlines()[1:]).strip()
    response = http.request(method, path, content=body.encode())
    assert response.status_code == int(code or 200), response.text
    assert same_json(json.loads(answer), response.json()), response.text
