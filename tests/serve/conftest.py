"""Fixtures of the web app's tests: a live server on a free port, an HTTP client, and a
headless chromium driven by selenium (skipped, with the reason, only when chromium cannot be
had).  Screenshots go to ``$PUZZLESMITH_SCREENSHOTS`` (default: a temporary folder)."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx", reason="the API tests need httpx (pip install -e '.[test]')")
pytest.importorskip("starlette", reason="puzzlesmith serve needs the serve extra")

from puzzlesmith.serve import Settings  # noqa: E402
from puzzlesmith.serve.api import warm_up  # noqa: E402
from puzzlesmith.serve.server import background  # noqa: E402

CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
DRIVER = ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver")

#: The server the tests use.  Its own time limit is generous, as the machine may be busy:
#: every request of the tests that is meant to finish does.  The tests of the limits ask for
#: a short ``timeout`` in their request (a request may ask for less, never for more).
TEST_SETTINGS = Settings(timeout=120.0, max_body=200_000, workers=4)
#: Seconds the HTTP client waits for an answer: longer than any request may take.
CLIENT_SECONDS = 2 * TEST_SETTINGS.timeout


@pytest.fixture(scope="session")
def server() -> str:
    """The base URL of a server started for the test session, its kernels loaded first (as
    ``puzzlesmith serve`` does), so that no request pays for a compilation."""
    warm_up()
    with background(TEST_SETTINGS) as url:
        yield url


@pytest.fixture(scope="session")
def http(server):
    """An HTTP client on the test server."""
    with httpx.Client(base_url=server, timeout=CLIENT_SECONDS) as client:
        yield client


def _first(paths) -> str | None:
    return next((p for p in paths if os.path.exists(p)), None) or None


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory) -> Path:
    folder = os.environ.get("PUZZLESMITH_SCREENSHOTS")
    path = Path(folder) if folder else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="session")
def browser():
    """A headless chromium (Debian's chromium + chromium-driver) through selenium."""
    webdriver = pytest.importorskip("selenium.webdriver",
                                    reason="the browser tests need selenium")
    binary = _first(CHROMIUM) or shutil.which("chromium")
    driver_path = _first(DRIVER) or shutil.which("chromedriver")
    if not binary or not driver_path:
        pytest.skip("chromium and chromium-driver are not installed "
                    "(apt-get install chromium chromium-driver; .ci/run does it)")
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="puzzlesmith-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
                 "--window-size=1200,900", f"--user-data-dir={profile}"):
        options.add_argument(flag)
    try:
        driver = webdriver.Chrome(service=Service(driver_path), options=options)
    except WebDriverException as error:
        shutil.rmtree(profile, ignore_errors=True)
        pytest.skip(f"chromium did not start: {str(error).splitlines()[0]}")
    driver.implicitly_wait(0)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
