"""The page by keyboard alone (Tab into the grid with a visible focus ring, Enter opens an item,
arrows step, Escape closes and gives focus back) and axe-core's accessibility rules
(axe-selenium-python, which ships axe-core) on every state of the page: the grid at desktop and
phone width, the lightbox, the source form, the prompt naming a linked feed's hosts, the error
state. No serious or critical violation is allowed.
"""

import json
from urllib.parse import urlencode

import pytest

pytest.importorskip("selenium.webdriver", reason="selenium is installed by scripts/test-all")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

from feedvm.fixtures.server import FixtureServer  # noqa: E402
from webpage import DESKTOP, PHONE, VISIBLE_IMAGES_DECODED, open_page, screenshot, wait_for  # noqa: E402

LIGHTBOX = "document.querySelector('[data-lightbox]')"
ACTIVE_TILE = "document.activeElement.closest('[data-item-id]')?.dataset.itemId"
BLOCKING = ("serious", "critical")


def press(driver, key):
    driver.switch_to.active_element.send_keys(key)


def focus_ring(driver):
    """The focused element's outline: (style, width in px)."""
    return driver.execute_script(
        "const style = getComputedStyle(document.activeElement);"
        "return [style.outlineStyle, parseFloat(style.outlineWidth)];")


def violations(driver, state):
    """axe-core's serious and critical violations on the page as it is now."""
    axe_module = pytest.importorskip("axe_selenium_python", reason="installed by clients/web/scripts/install-test-deps.sh")
    # Colours are measured once every fade has ended (looping spinners never end).
    wait_for(driver, "document.getAnimations().every((animation) => animation.playState !== 'running'"
                     " || !isFinite(animation.effect.getComputedTiming().endTime))", f"the {state}'s transitions to end")
    axe = axe_module.Axe(driver)
    axe.inject()
    results = axe.run()
    found = [violation for violation in results["violations"] if violation.get("impact") in BLOCKING]
    return [f"{state}: {violation['id']} ({violation['impact']}): {violation['help']} at "
            f"{[node['target'] for node in violation['nodes']][:3]}: {violation['nodes'][0].get('failureSummary', '')}"
            for violation in found]


def test_the_grid_is_reachable_by_tab_and_the_lightbox_by_enter(driver, bridge):
    open_page(driver, bridge + "?category=all")
    wait_for(driver, VISIBLE_IMAGES_DECODED, "the thumbnails")
    driver.execute_script("document.activeElement?.blur(); window.scrollTo(0, 0);")
    # From the top of the page: the brand link, the category chips, the two buttons, then tiles.
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
    visited = []
    for _ in range(12):
        visited.append(driver.execute_script("return document.activeElement.outerHTML.slice(0, 60);"))
        if driver.execute_script(f"return {ACTIVE_TILE};"):
            break
        style, width = focus_ring(driver)
        assert style != "none" and width >= 2, driver.execute_script("return document.activeElement.outerHTML;")
        press(driver, Keys.TAB)
    assert driver.execute_script(f"return {ACTIVE_TILE};") == "all-1", visited
    style, width = focus_ring(driver)
    assert style != "none" and width >= 2
    screenshot(driver, "desktop-keyboard-focus")
    press(driver, Keys.TAB)
    assert driver.execute_script(f"return {ACTIVE_TILE};") == "all-2"
    press(driver, Keys.ENTER)
    wait_for(driver, f"{LIGHTBOX}.open && {LIGHTBOX}.dataset.shownItem === 'all-2'", "the lightbox on all-2")
    press(driver, Keys.ARROW_RIGHT)
    wait_for(driver, f"{LIGHTBOX}.dataset.shownItem === 'all-3'", "the next item")
    press(driver, Keys.ARROW_LEFT)
    press(driver, Keys.ARROW_LEFT)
    wait_for(driver, f"{LIGHTBOX}.dataset.shownItem === 'all-1'", "two items back")
    # Focus stays in the dialog and shows where it is.
    press(driver, Keys.TAB)
    assert driver.execute_script(f"return {LIGHTBOX}.contains(document.activeElement);")
    style, width = focus_ring(driver)
    assert style != "none" and width >= 2
    press(driver, Keys.ESCAPE)
    wait_for(driver, f"!{LIGHTBOX}.open", "the lightbox to close")
    # Focus returns to the tile of the item shown last, not the one that opened the lightbox.
    wait_for(driver, f"{ACTIVE_TILE} === 'all-1'", "focus on all-1's tile")


def emulate(driver, **features):
    """Emulates media features (``prefers_color_scheme="dark"``); none clears them."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": name.replace("_", "-"), "value": value} for name, value in features.items()]})


def test_axe_finds_no_serious_violation_in_any_state_of_the_page(driver, bridge):
    # Without motion, colours are measured as they settle, not halfway through a fade.
    emulate(driver, prefers_reduced_motion="reduce")
    try:
        check_every_state(driver, bridge)
    finally:
        emulate(driver)


def check_every_state(driver, bridge):
    found = []
    # The dark theme on a page opened in it (a page switched midway is measured half switched).
    emulate(driver, prefers_reduced_motion="reduce", prefers_color_scheme="dark")
    open_page(driver, bridge + "?category=all")
    wait_for(driver, VISIBLE_IMAGES_DECODED, "the thumbnails")
    found += violations(driver, "grid, dark")
    emulate(driver, prefers_reduced_motion="reduce")
    open_page(driver, bridge + "?category=all")
    wait_for(driver, VISIBLE_IMAGES_DECODED, "the thumbnails")
    found += violations(driver, "grid")
    driver.find_element(By.CSS_SELECTOR, '[data-item-id="all-1"] .tile-open').click()
    wait_for(driver, f"{LIGHTBOX}.open && {LIGHTBOX}.dataset.loaded === 'true'", "the lightbox")
    found += violations(driver, "lightbox")
    press(driver, Keys.ESCAPE)
    wait_for(driver, f"!{LIGHTBOX}.open", "the lightbox to close")
    driver.find_element(By.CSS_SELECTOR, '[data-action="settings"]').click()
    wait_for(driver, "document.querySelector('[data-form-hosts]').textContent !== ''", "the source form")
    found += violations(driver, "source form")
    open_page(driver, bridge + "?category=welfare", PHONE)
    wait_for(driver, VISIBLE_IMAGES_DECODED, "the thumbnails at phone width")
    found += violations(driver, "grid, phone")
    with FixtureServer() as backend:
        driver.set_window_size(*DESKTOP)
        driver.get(bridge + "?" + urlencode({"source": "gank", "baseURL": backend.base_url("gank")}))
        wait_for(driver, "document.querySelector('[data-consent]').open", "the prompt")
        found += violations(driver, "host prompt")
        driver.find_element(By.CSS_SELECTOR, '[data-action="decline-hosts"]').click()
    driver.get(bridge + "?" + urlencode({"source": "custom", "custom": json.dumps([1])}))
    wait_for(driver, "!document.querySelector('[data-empty]').hidden", "the error state")
    found += violations(driver, "error state")
    assert found == [], "\n".join(found)
