"""The web front end in a real headless Chromium (Debian's chromium + chromium-driver, driven
by Selenium): first page with decoded images, infinite scroll to the end of the stub feed,
reload, category switch, phone width and dark mode, a failing backend's error toast and a
retry, the source form opening a custom feed, and no console errors anywhere. Screenshots go to .build/artifacts/web/.

Run by scripts/test-all (which installs selenium, chromium and chromium-driver); by hand:
``FEEDVM_BIN=.build/debug/feedvm python -m pytest clients/web/tests``.
"""

import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "clients" / "python"))

from feedvm.fixtures.server import FixtureServer  # noqa: E402

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is installed by scripts/test-all")
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

ARTIFACTS = ROOT / ".build" / "artifacts" / "web"
DESKTOP = (1280, 900)
PHONE = (390, 844)
# Generous: a loaded 2-core machine, a debug build.
WAIT = 30.0

# Records every data-refresh-status value as it is set, from the first script on.
RECORD_STATUSES = """
window.__statuses = [];
new MutationObserver((records) => {
  for (const r of records) window.__statuses.push(r.target.getAttribute('data-refresh-status'));
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-refresh-status']});
"""


def feedvm_binary() -> str:
    explicit = os.environ.get("FEEDVM_BIN")
    for candidate in ([explicit] if explicit else []) + [
            str(ROOT / ".build" / "debug" / "feedvm"), str(ROOT / ".build" / "release" / "feedvm")]:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    pytest.fail("feedvm is not built: run `swift build` or set FEEDVM_BIN")


@pytest.fixture(scope="module")
def bridge():
    """The bridge on a free port with a private cache; yields its URL. Checks it leaves no feedvm."""
    cache = tempfile.mkdtemp(prefix="feedvm-web-test-")
    process = subprocess.Popen(
        ["node", str(ROOT / "clients" / "web" / "server.mjs"), "--port", "0", "--feedvm", feedvm_binary(),
         "--cache-dir", cache], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    url = process.stdout.readline().strip()
    assert url.startswith("http://127.0.0.1:"), process.stderr.read()
    yield url
    children = subprocess.run(["pgrep", "-P", str(process.pid)], capture_output=True, text=True).stdout.split()
    process.terminate()
    assert process.wait(15) == 0
    for pid in children:
        assert not pathlib.Path(f"/proc/{pid}").exists() or "zombie" in pathlib.Path(f"/proc/{pid}/status").read_text().lower()
    shutil.rmtree(cache, ignore_errors=True)


@pytest.fixture(scope="module")
def driver():
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


def wait_for(driver, script, description, timeout=WAIT):
    """Polls ``script`` (a JS expression) until it is truthy; returns its value."""
    deadline = time.monotonic() + timeout
    while True:
        value = driver.execute_script(f"return ({script});")
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {description}; last value {value!r}")
        time.sleep(0.1)


def item_ids(driver):
    return driver.execute_script("return [...document.querySelectorAll('[data-item-id]')].map(e => e.dataset.itemId);")


VISIBLE_IMAGES_DECODED = """(() => {
  const shown = [...document.querySelectorAll('.tile img')].filter((img) => {
    const box = img.getBoundingClientRect();
    return box.bottom > 0 && box.top < innerHeight;
  });
  return shown.length > 0 && shown.every((img) => img.complete && img.naturalWidth > 0) && shown.length;
})()"""


def statuses(driver):
    return driver.execute_script("return window.__statuses.splice(0);")


def open_page(driver, url, size=DESKTOP):
    driver.set_window_size(*size)
    driver.get(url)
    wait_for(driver, "document.querySelectorAll('[data-item-id]').length > 0", "the first page")


def screenshot(driver, name):
    time.sleep(0.5)  # let the fade-ins finish
    driver.save_screenshot(str(ARTIFACTS / f"{name}.png"))


def test_first_page_shows_decoded_images_and_every_refresh_status(driver, bridge):
    open_page(driver, bridge + "?category=all")
    decoded = wait_for(driver, VISIBLE_IMAGES_DECODED, "the visible images to decode")
    assert decoded >= 8
    ids = item_ids(driver)
    assert ids[:10] == [f"all-{n}" for n in range(1, 11)]
    wait_for(driver, "window.__statuses.includes('footerStatus')", "the footer status")
    seen = statuses(driver)
    # The session's revision 0 status, then a reload's sequence (protocol section 8).
    assert seen[:4] == ["none", "beingHeaderRefresh", "endHeaderRefresh", "footerStatus"], seen
    assert driver.find_element(By.CSS_SELECTOR, "[data-feed]").get_attribute("data-no-more-data") == "false"
    screenshot(driver, "desktop-first-page")


def test_infinite_scroll_reaches_the_end_of_the_stub_feed(driver, bridge):
    open_page(driver, bridge + "?category=Android")
    deadline = time.monotonic() + 4 * WAIT
    while driver.find_element(By.CSS_SELECTOR, "[data-feed]").get_attribute("data-no-more-data") != "true":
        assert time.monotonic() < deadline, f"stuck at {len(item_ids(driver))} items"
        driver.execute_script("window.scrollTo(0, document.body.scrollHeight);")
        time.sleep(0.3)
    ids = item_ids(driver)
    assert ids == [f"Android-{n}" for n in range(1, 96)]  # the stub catalog's 95 items, in order
    seen = statuses(driver)
    assert "beingFooterRefresh" in seen and "noMoreData" in seen, seen
    wait_for(driver, VISIBLE_IMAGES_DECODED, "the last images to decode")
    driver.execute_script("window.scrollTo(0, document.body.scrollHeight);")
    end = driver.find_element(By.CSS_SELECTOR, ".footer-end")
    assert end.is_displayed() and end.text == "No more data"
    wait_for(driver, VISIBLE_IMAGES_DECODED, "the images at the end to decode")
    screenshot(driver, "desktop-end-of-feed")


def test_reload_runs_the_header_refresh_and_returns_to_the_first_page(driver, bridge):
    driver.execute_script("window.scrollTo(0, 0);")
    statuses(driver)
    driver.find_element(By.CSS_SELECTOR, '[data-action="reload"]').click()
    wait_for(driver, "document.querySelectorAll('[data-item-id]').length === 10", "the first page again")
    wait_for(driver, "document.querySelector('[data-feed]').dataset.noMoreData === 'false'", "more data again")
    seen = statuses(driver)
    assert seen[:3] == ["beingHeaderRefresh", "endHeaderRefresh", "footerStatus"], seen
    wait_for(driver, "document.querySelectorAll('[data-hud][data-style=success]').length > 0", "the success toast")


def test_category_picker_switches_with_update_input(driver, bridge):
    driver.find_element(By.CSS_SELECTOR, '[data-category="iOS"]').click()
    wait_for(driver, "document.querySelector('[data-item-id]')?.dataset.itemId === 'iOS-1'", "the iOS feed")
    assert all(item.startswith("iOS-") for item in item_ids(driver))
    assert "category=iOS" in driver.current_url
    assert driver.find_element(By.CSS_SELECTOR, '[data-category="iOS"]').get_attribute("aria-pressed") == "true"
    wait_for(driver, VISIBLE_IMAGES_DECODED, "the iOS images to decode")
    screenshot(driver, "desktop-category-ios")


def test_phone_width_and_dark_mode(driver, bridge):
    open_page(driver, bridge + "?category=welfare", PHONE)
    wait_for(driver, VISIBLE_IMAGES_DECODED, "the images to decode at phone width")
    columns = driver.execute_script(
        "return getComputedStyle(document.querySelector('[data-grid]')).gridTemplateColumns.split(' ').length;")
    assert columns == 2
    screenshot(driver, "phone-first-page")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    try:
        screenshot(driver, "phone-dark")
        driver.set_window_size(*DESKTOP)
        wait_for(driver, VISIBLE_IMAGES_DECODED, "the images to decode at desktop width")
        screenshot(driver, "desktop-dark")
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_a_failing_backend_shows_an_error_toast_and_a_retry_works(driver, bridge):
    with FixtureServer() as backend:
        backend.set_fault("gank", status=503, times=1)
        driver.set_window_size(*DESKTOP)
        driver.get(bridge + "?source=gank&category=Android&baseURL=" + backend.base_url("gank"))
        toast = wait_for(driver, "document.querySelector('[data-hud][data-style=error]')?.textContent", "the error toast")
        assert toast
        wait_for(driver, "!document.querySelector('[data-empty]').hidden", "the error state")
        assert "load" in driver.find_element(By.CSS_SELECTOR, "[data-empty-title]").text.lower()
        screenshot(driver, "desktop-backend-error")
        driver.find_element(By.CSS_SELECTOR, '[data-action="reload"]').click()
        wait_for(driver, "document.querySelectorAll('[data-item-id]').length > 0", "the retried page")
        wait_for(driver, VISIBLE_IMAGES_DECODED, "the fixture's images to decode")
        assert driver.find_element(By.CSS_SELECTOR, "[data-empty]").get_attribute("hidden") is not None
        assert backend.count("gank") >= 2  # the failed load, the retry (then prefetched pages)


def test_the_source_form_opens_a_custom_feed(driver, bridge):
    with FixtureServer() as backend:
        wanted = backend.input_for("custom")
        open_page(driver, bridge + "?category=all")
        driver.find_element(By.CSS_SELECTOR, '[data-action="settings"]').click()
        form = driver.find_element(By.CSS_SELECTOR, "[data-settings-form]")
        Select(form.find_element(By.NAME, "source")).select_by_value("custom")
        form.find_element(By.NAME, "baseURL").send_keys(wanted["baseURL"])
        form.find_element(By.NAME, "category").clear()
        driver.execute_script("arguments[0].value = arguments[1];", form.find_element(By.NAME, "custom"),
                              json.dumps(wanted["custom"], indent=2))
        screenshot(driver, "desktop-source-form")
        form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        wait_for(driver, "location.search.includes('source=custom')", "the custom feed's URL")
        wait_for(driver, "document.querySelectorAll('[data-item-id]').length > 0", "the custom feed")
        wait_for(driver, VISIBLE_IMAGES_DECODED, "the custom feed's images to decode")
        assert driver.find_element(By.CSS_SELECTOR, "[data-source-badge]").text == "custom"
        assert backend.count("cursor") >= 1


def test_a_tab_that_goes_away_disposes_its_session(driver, bridge):
    open_page(driver, bridge + "?category=all")
    source = wait_for(driver, "document.querySelector('.tile img[src]')?.getAttribute('src')", "an image URL")
    driver.get("about:blank")
    deadline = time.monotonic() + WAIT
    while True:
        try:
            urllib.request.urlopen(bridge.rstrip("/") + source, timeout=10).read()
        except urllib.error.HTTPError as error:
            assert error.code == 404 and b"no such tab" in error.read()
            break
        assert time.monotonic() < deadline, "the tab's session outlived the tab"
        time.sleep(0.2)


def test_bridge_refuses_foreign_hosts_and_origins(bridge):
    port = bridge.rstrip("/").rsplit(":", 1)[1]

    def status(path, method="GET", headers=None, body=None):
        request = urllib.request.Request(bridge.rstrip("/") + path, method=method, headers=headers or {}, data=body)
        try:
            return urllib.request.urlopen(request, timeout=10).status
        except urllib.error.HTTPError as error:
            return error.code

    json_post = {"Content-Type": "application/json", "Origin": f"http://127.0.0.1:{port}"}
    assert status("/") == 200
    assert status("/", headers={"Host": "rebound.example:" + port}) == 421
    assert status("/", headers={"Origin": "http://evil.example"}) == 403
    assert status("/app/app.js", headers={"Sec-Fetch-Site": "cross-site"}) == 403
    assert status("/api/tabs/" + "0" * 32 + "/requestCommand", "POST", {"Content-Type": "application/json"}, b"{}") == 403
    assert status("/api/tabs/" + "0" * 32 + "/requestCommand", "POST", {**json_post, "Content-Type": "text/plain"}, b"{}") == 415
    assert status("/api/tabs/" + "0" * 32 + "/requestCommand", "POST", json_post, b"{" + b" " * 70000 + b"}") == 413
    assert status("/api/tabs/" + "0" * 32 + "/requestCommand", "POST", json_post, json.dumps({"reload": True}).encode()) == 404
    assert status("/api/tabs/" + "0" * 32 + "/shutdown", "POST", json_post, b"{}") == 404
    assert status("/app/../server.mjs") == 404
    assert status("/image/" + "0" * 32 + "/0?id=x") == 404
    assert status("/", "DELETE") == 405
