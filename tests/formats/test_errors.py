"""Item 5 of issue 35: a malformed game ID or link is one line on stderr naming what is
wrong, exit 2, never a traceback (hypothesis throws broken IDs and URLs at the CLI)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ..cli.conftest import run_cli

NOISE = st.text(alphabet="0123456789abcdefghvwxABCDEF,:/?._-= #\u00e9", max_size=40)


def _check(puzzle: str, text: str) -> None:
    code, out, err = run_cli(["solve", puzzle, text, "--format", "json"])
    assert "Traceback" not in err
    if code == 2:
        assert err.count("\n") == 1 and err.startswith("error: ")
    else:
        assert code in (0, 1, 3)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["4x4:", "3x2:", "2:", "3x3:1,2,"]), NOISE)
def test_broken_fifteen_ids(head, tail):
    _check("sliding", head + tail)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["3x3:", "4x2w:", "2x2b0.5:", "5:"]), NOISE)
def test_broken_net_ids(head, tail):
    _check("net", head + tail)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["https://puzz.link/p?starbattle/", "?starbattle/4/4/1/",
                        "http://x/p.html?starbattle_edit/5/5/", "https://puzz.link/p?"]),
       NOISE)
def test_broken_puzzlink_urls(head, tail):
    _check("starbattle", head + tail)
