"""Feeds that live (protocol 1.2) in the web front end: a saved feed opens at once under the
"Offline — saved feed from 10:32" banner, a background reload's new items wait behind the
"N new posts" pill, and a reload that inserts items above the reader keeps the reader's place.
"""

import json
import sys
import urllib.parse

import pytest

pytest.importorskip("selenium.webdriver", reason="selenium is installed by scripts/test-all")
from selenium.webdriver.common.by import By  # noqa: E402

from webpage import ROOT, item_ids, open_page, screenshot, wait_for  # noqa: E402

sys.path.insert(0, str(ROOT / "clients" / "python" / "tests"))
from living_backend import LivingBackend, entry  # noqa: E402

FIRST_TILE_IN_VIEW = """(() => {
  const tile = [...document.querySelectorAll('[data-item-id]')].find((t) => t.getBoundingClientRect().bottom > 80);
  return tile && [tile.dataset.itemId, tile.getBoundingClientRect().top];
})()"""


def custom_page(bridge, backend, **members):
    feed = backend.input(**members)
    query = {"source": "custom", "baseURL": feed["baseURL"], "custom": json.dumps(feed["custom"]),
             "pageSize": "60", "hud": "false", **{name: str(value) for name, value in members.items()}}
    return bridge + "?" + urllib.parse.urlencode(query)


def test_a_saved_feed_opens_at_once_under_the_offline_banner(driver, storing_bridge):
    bridge = storing_bridge
    open_page(driver, bridge + "?category=iOS")
    wait_for(driver, "document.querySelector('[data-feed]').dataset.refreshStatus === 'footerStatus'", "the first page")
    driver.get(bridge + "?category=iOS&stubDelayMs=4000")
    banner = wait_for(driver, "!document.querySelector('[data-stale]').hidden && document.querySelector('[data-stale]').textContent",
                      "the banner")
    assert banner.startswith("Offline — saved feed from ")
    saved = item_ids(driver)
    assert saved and len(saved) % 10 == 0 and saved == [f"iOS-{n}" for n in range(1, len(saved) + 1)], \
        "the saved pages (as many as the first visit loaded), before the reload answers"
    screenshot(driver, "desktop-saved-feed")
    wait_for(driver, "document.querySelector('[data-stale]').hidden", "the reload to confirm the list", timeout=30)


def test_new_items_wait_behind_the_pill_and_a_reload_keeps_the_place(driver, storing_bridge):
    bridge = storing_bridge
    items = [entry(f"item-{n}") for n in range(90)]
    with LivingBackend(items) as backend:
        open_page(driver, custom_page(bridge, backend, refreshIntervalMs=1000), confirm=True)
        wait_for(driver, "document.querySelectorAll('[data-item-id]').length >= 60", "the first page")
        driver.execute_script("window.scrollTo(0, 900)")
        before = wait_for(driver, FIRST_TILE_IN_VIEW, "a tile in view")
        backend.set([entry("fresh-1"), entry("fresh-2")] + items)
        pill = wait_for(driver, "!document.querySelector('[data-new-items]').hidden && document.querySelector('[data-new-items]').textContent",
                        "the new-items pill", timeout=20)
        assert pill == "↑ 2 new posts"
        still = driver.execute_script(f"return {FIRST_TILE_IN_VIEW};")
        assert still[0] == before[0] and abs(still[1] - before[1]) < 8, ("the list did not move", before, still)
        screenshot(driver, "desktop-new-items-pill")

        # A reload (the topbar's button) applies them; the row in view stays where it was.
        columns = driver.execute_script("return getComputedStyle(document.querySelector('[data-grid]')).gridTemplateColumns.split(' ').length;")
        backend.set([entry(f"fresh-{n}") for n in range(2 * columns)] + items)
        driver.find_element(By.CSS_SELECTOR, '[data-action="reload"]').click()
        wait_for(driver, "document.querySelector('[data-item-id]').dataset.itemId === 'fresh-0'", "the reloaded list")
        # Two rows of tiles were inserted above: without the anchor the rows in view would move
        # down by two; with it, the tile the reader looked at is still where it was on screen.
        top, height = driver.execute_script(
            "const box = document.querySelector(`[data-item-id='${arguments[0]}']`).getBoundingClientRect();"
            "return [box.top, box.height];", before[0])
        assert abs(top - before[1]) < height / 2, (before, top, height)
        assert driver.execute_script("return document.querySelector('[data-new-items]').hidden")
