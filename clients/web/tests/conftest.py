"""What every browser test shares: the bridge on a free port, one headless Chromium for the run
(Debian's chromium + chromium-driver, driven by Selenium), and the rule that no test leaves a
console error. Helpers for the pages are in ``webpage.py``.
"""

import pathlib
import shutil
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "clients" / "python"))

from bridges import running_bridge  # noqa: E402
from webpage import ARTIFACTS, DESKTOP  # noqa: E402

# Records every data-refresh-status value as it is set, from the first script on.
RECORD_STATUSES = """
window.__statuses = [];
new MutationObserver((records) => {
  for (const r of records) window.__statuses.push(r.target.getAttribute('data-refresh-status'));
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-refresh-status']});
"""


@pytest.fixture(scope="session")
def bridge():
    """The bridge the browser tests share, without a feed store: every test's feed starts empty,
    whatever one before loaded; yields its URL."""
    with running_bridge("--store", "none") as url:
        yield url


@pytest.fixture(scope="module")
def storing_bridge():
    """A bridge whose feedvm keeps a feed store of its own (test_living.py)."""
    with running_bridge() as url:
        yield url


@pytest.fixture(scope="session")
def driver():
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is installed by scripts/test-all")
    from selenium.webdriver.chrome.service import Service
    chromium = shutil.which("chromium")
    chromedriver = shutil.which("chromedriver")
    if not chromium or not chromedriver:
        pytest.fail("chromium and chromium-driver are installed by scripts/test-all")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--hide-scrollbars", f"--window-size={DESKTOP[0]},{DESKTOP[1]}"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    browser = webdriver.Chrome(service=Service(chromedriver), options=options)
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_STATUSES})
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    yield browser
    browser.quit()


@pytest.fixture(autouse=True)
def no_console_errors(driver):
    """Every test ends with an empty list of console errors (and failed resource loads)."""
    driver.get_log("browser")
    yield
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == []
