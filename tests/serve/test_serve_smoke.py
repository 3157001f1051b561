"""The smoke test that ``.ci/run`` runs in a fresh venv with only the serve extra
(``tests/extras/serve_smoke.py``) passes here too, in-process, so that it cannot rot."""

from __future__ import annotations

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "extras" / "serve_smoke.py"


def _script():
    spec = importlib.util.spec_from_file_location("serve_smoke", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_serve_smoke_script_passes_in_process():
    smoke = _script()
    modules = smoke.import_serve_modules()
    assert {"puzzlesmith.serve.app", "puzzlesmith.serve.api"} <= set(modules)
    with smoke.in_process() as call:
        assert smoke.smoke(call) == []


def test_the_serve_smoke_script_sees_a_failure():
    smoke = _script()
    assert smoke._problem("queens", 200, "application/json", {"status": "solved",
                                                              "puzzle": "queens"}) is None
    assert "HTTP 500" in smoke._problem("queens", 500, "application/json", {})
    assert "status 'error'" in smoke._problem("queens", 200, "application/json",
                                              {"status": "error", "puzzle": "queens"})
    assert "not a JSON object" in smoke._problem("queens", 200, "text/html", None)
