"""The web front end in a real headless Chromium (Debian's chromium + chromium-driver, driven
by Selenium): first page with decoded images, infinite scroll to the end of the stub feed,
reload, category switch, phone width and dark mode, a failing backend's error (shown once: the
empty state, or a toast with items on screen) and a retry, a reload that changed the list, the
source form opening a custom feed, and no console errors anywhere (conftest.py).
Screenshots go to .build/artifacts/web/; test_detail.py covers thumbnails, the lightbox and
items without images.

Run by scripts/test-all (which installs selenium, chromium and chromium-driver); by hand:
``FEEDVM_BIN=.build/debug/feedvm python -m pytest clients/web/tests``.
"""

import json
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

pytest.importorskip("selenium.webdriver", reason="selenium is installed by scripts/test-all")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

from feedvm.fixtures.server import FixtureServer  # noqa: E402
from webpage import (DESKTOP, PHONE, VISIBLE_IMAGES_DECODED, WAIT, confirm_hosts, item_ids, open_page, screenshot,  # noqa: E402
                     statuses, wait_for)

WIDE = (1920, 1080)
COLUMNS = "return getComputedStyle(document.querySelector('[data-grid]')).gridTemplateColumns.split(' ').length;"


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
    driver.set_window_size(*WIDE)
    wait_for(driver, VISIBLE_IMAGES_DECODED, "the images to decode on a wide screen")
    assert driver.execute_script(COLUMNS) == 6
    screenshot(driver, "wide-first-page")


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
    assert end.get_attribute("title") == "All items of the total are listed."  # why it ended (protocol 1.2)
    assert driver.find_element(By.CSS_SELECTOR, "[data-feed]").get_attribute("data-end-reason") == "totalReached"
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
    # Pages that arrive show themselves, and a reload that changed nothing says nothing.
    assert driver.execute_script("return document.querySelectorAll('[data-hud]').length;") == 0


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
    assert driver.execute_script(COLUMNS) == 2
    screenshot(driver, "phone-first-page")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    try:
        screenshot(driver, "phone-dark")
        driver.set_window_size(*DESKTOP)
        wait_for(driver, VISIBLE_IMAGES_DECODED, "the images to decode at desktop width")
        screenshot(driver, "desktop-dark")
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


TOASTS = "[...document.querySelectorAll('[data-hud]')].map((toast) => [toast.dataset.style, toast.textContent])"


def test_a_failing_first_load_is_shown_once_and_a_retry_works(driver, bridge):
    with FixtureServer() as backend:
        backend.set_fault("gank", status=503, times=3)  # every automatic attempt of the first page
        driver.set_window_size(*DESKTOP)
        driver.get(bridge + "?source=gank&category=Android&baseURL=" + backend.base_url("gank"))
        confirm_hosts(driver)
        wait_for(driver, "!document.querySelector('[data-empty]').hidden", "the error state")
        assert "load" in driver.find_element(By.CSS_SELECTOR, "[data-empty-title]").text.lower()
        assert "503" in driver.find_element(By.CSS_SELECTOR, "[data-empty-detail]").text
        # The empty state says it; no toast says it again.
        assert driver.execute_script(f"return {TOASTS};") == []
        screenshot(driver, "desktop-backend-error")
        driver.set_window_size(*PHONE)
        screenshot(driver, "phone-backend-error")
        driver.set_window_size(*DESKTOP)
        driver.find_element(By.CSS_SELECTOR, '[data-action="retry"]').click()
        wait_for(driver, "document.querySelectorAll('[data-item-id]').length > 0", "the retried page")
        wait_for(driver, VISIBLE_IMAGES_DECODED, "the fixture's images to decode")
        assert driver.find_element(By.CSS_SELECTOR, "[data-empty]").get_attribute("hidden") is not None
        assert backend.count("gank") >= 2  # the failed load, the retry (then prefetched pages)
        assert driver.execute_script(f"return {TOASTS};") == []


def test_a_failure_with_items_on_screen_is_a_toast_and_a_changed_reload_says_what_changed(driver, bridge):
    with FixtureServer() as backend:
        backend.configure(total=4)
        open_page(driver, bridge + "?source=gank&category=iOS&baseURL=" + backend.base_url("gank"), confirm=True)
        wait_for(driver, "document.querySelectorAll('[data-item-id]').length === 4", "the four items")
        wait_for(driver, "document.querySelector('[data-feed]').dataset.noMoreData === 'true'", "the end of the short feed")
        # The catalog grows; the reload brings six items the list did not have.
        backend.configure(total=45)
        backend.set_fault("gank", status=503, times=3)  # every attempt of the reload fails
        driver.find_element(By.CSS_SELECTOR, '[data-action="reload"]').click()
        toast = wait_for(driver, f"{TOASTS}.find(([style]) => style === 'error')", "the error toast")
        assert "503" in toast[1]
        assert driver.find_element(By.CSS_SELECTOR, "[data-empty]").get_attribute("hidden") is not None
        assert driver.execute_script("return document.querySelectorAll('[data-item-id]').length;") == 4
        driver.find_element(By.CSS_SELECTOR, '[data-action="reload"]').click()
        wait_for(driver, "document.querySelectorAll('[data-item-id]').length >= 10", "the grown first page")
        toast = wait_for(driver, f"{TOASTS}.find(([style]) => style === 'success')", "the reload's toast")
        assert toast[1] == "6 new items"
        screenshot(driver, "desktop-reload-changed")
        wait_for(driver, VISIBLE_IMAGES_DECODED, "the images, before the backend goes")


def test_a_failed_load_more_shows_why_and_its_retry_asks_for_the_same_page(driver, bridge):
    from feedvm.fixtures.flaky import custom_source
    with FixtureServer() as backend:
        driver.set_window_size(*DESKTOP)
        open_page(driver, bridge + "?" + urllib.parse.urlencode(
            {"source": "custom", "baseURL": backend.url, "custom": json.dumps(custom_source("missing"))}), confirm=True)
        wait_for(driver, "document.querySelectorAll('[data-item-id]').length > 0", "the first page")
        deadline = time.monotonic() + 2 * WAIT
        while driver.find_element(By.CSS_SELECTOR, "[data-feed]").get_attribute("data-append-state") != "error":
            assert time.monotonic() < deadline, "page 3 never failed"
            driver.execute_script("window.scrollTo(0, document.body.scrollHeight);")
            time.sleep(0.3)
        wait_for(driver, VISIBLE_IMAGES_DECODED, "the images to decode")
        driver.execute_script("window.scrollTo(0, document.body.scrollHeight);")
        error = driver.find_element(By.CSS_SELECTOR, "[data-footer-error]")
        retry = driver.find_element(By.CSS_SELECTOR, '[data-action="retry-load"]')
        assert error.is_displayed() and retry.is_displayed()
        assert error.text == "Couldn’t load more: Not found. (retrying may not help)"
        assert not driver.find_element(By.CSS_SELECTOR, ".footer-more").is_displayed()
        wait_for(driver, "!document.querySelector('[data-hud]')", "the error toast to fade")
        screenshot(driver, "desktop-load-more-failed")
        before = backend.stats()["pages"]["missing/3"]  # a 404 is not retried automatically; a scroll may ask again
        retry.click()
        deadline = time.monotonic() + WAIT
        while backend.stats()["pages"]["missing/3"] <= before:
            assert time.monotonic() < deadline, "Retry never asked for page 3 again"
            time.sleep(0.1)
        assert "missing/4" not in backend.stats()["pages"]


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
    assert status("/image/" + "0" * 32 + "/0?id=x&variant=thumbnail") == 404
    assert status("/image/" + "0" * 32 + "/0?id=x&variant=poster") == 400
    assert status("/", "DELETE") == 405
