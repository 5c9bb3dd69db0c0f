"""Helpers for driving the web front end's page in the browser tests: waiting for a state,
reading the grid, opening a page at a window size, saving a screenshot."""

import json
import pathlib
import re
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
ARTIFACTS = ROOT / ".build" / "artifacts" / "web"
DESKTOP = (1280, 900)
PHONE = (390, 844)
# Generous: a loaded 2-core machine, a debug build.
WAIT = 30.0

VISIBLE_IMAGES_DECODED = """(() => {
  const shown = [...document.querySelectorAll('.tile img')].filter((img) => {
    const box = img.getBoundingClientRect();
    return box.bottom > 0 && box.top < innerHeight;
  });
  return shown.length > 0 && shown.every((img) => img.complete && img.naturalWidth > 0) && shown.length;
})()"""


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


def statuses(driver):
    return driver.execute_script("return window.__statuses.splice(0);")


def open_page(driver, url, size=DESKTOP, confirm=False):
    """Opens ``url`` at ``size`` and waits for the first page; ``confirm``: a feed from the
    network, whose hosts the prompt asks about first (answered yes)."""
    driver.set_window_size(*size)
    driver.get(url)
    if confirm:
        confirm_hosts(driver)
    wait_for(driver, "document.querySelectorAll('[data-item-id]').length > 0", "the first page")


def confirm_hosts(driver):
    """Answers the prompt that asks before a feed from a link contacts its hosts."""
    wait_for(driver, "document.querySelector('[data-consent]').open", "the prompt naming the feed's hosts")
    driver.execute_script("document.querySelector('[data-action=\"confirm-hosts\"]').click();")


def screenshot(driver, name):
    time.sleep(0.5)  # let the fade-ins finish
    driver.save_screenshot(str(ARTIFACTS / f"{name}.png"))


def worked_example(heading):
    """The ``transform`` input of the custom source's worked example under ``heading`` in
    protocol/README.md (the examples the fixture backend speaks the dialects of)."""
    spec = (ROOT / "protocol" / "README.md").read_text(encoding="utf-8")
    block = spec.split(f"##### {heading}\n", 1)[1]
    return json.loads(re.search(r"```json\n(.*?)```", block, re.S).group(1))
