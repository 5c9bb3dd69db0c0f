"""Thumbnails in the grid, the full image in the lightbox a tile opens (keyboard, close control,
stepping through the list), and items without images drawn as text cards, in headless Chromium:
on the stub source, and on the fixture backend's dialects of real APIs through the worked
examples of protocol/README.md (Lorem Picsum has thumbnails, WordPress posts often no image).
Screenshots go to .build/artifacts/web/.
"""

import json
import urllib.error
import urllib.request
from urllib.parse import urlencode, urlsplit, urlunsplit

import pytest

pytest.importorskip("selenium.webdriver", reason="selenium is installed by scripts/test-all")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

from feedvm.fixtures import wordpress  # noqa: E402
from feedvm.fixtures.server import FixtureServer  # noqa: E402
from webpage import PHONE, VISIBLE_IMAGES_DECODED, WAIT, open_page, screenshot, wait_for, worked_example  # noqa: E402

LIGHTBOX = "document.querySelector('[data-lightbox]')"
FULL_IMAGE_LOADED = f"{LIGHTBOX}.open && {LIGHTBOX}.dataset.loaded === 'true' && {LIGHTBOX}.dataset.shownItem"
# The step controls' boxes that overlap a box of the caption (title, byline, size and position).
CONTROLS_OVER_CAPTION = """(() => {
  const boxes = (selector) => [...document.querySelectorAll(selector)].map((e) => e.getBoundingClientRect())
    .filter((box) => box.width > 0 && box.height > 0);
  const caption = boxes('[data-lightbox-title], [data-lightbox-byline] > *, [data-lightbox-meta], [data-lightbox-position]');
  return boxes('.lightbox-nav').flatMap((nav) => caption.filter((box) =>
    nav.left < box.right && box.left < nav.right && nav.top < box.bottom && box.top < nav.bottom).map(() => nav.top));
})()"""
TILE_IMAGES = """[...document.querySelectorAll('.tile img[src]')].map((img) => ({
  id: img.closest('[data-item-id]').dataset.itemId, src: img.getAttribute('src'),
  width: img.naturalWidth, height: img.naturalHeight}))"""


def example_url(bridge, heading, server, **fields):
    """The page of the worked example under ``heading``, on the fixture server, by URL parameters
    (``fields`` replace the example's)."""
    example = worked_example(heading)
    example["custom"]["fields"].update(fields)
    parts = urlsplit(example["baseURL"])
    base = urlunsplit(urlsplit(server.url)[:2] + parts[2:])
    query = {"source": "custom", "baseURL": base, "pageSize": example["pageSize"], "custom": json.dumps(example["custom"])}
    return bridge + "?" + urlencode(query)


def full_image(driver):
    return driver.execute_script(
        "const img = document.querySelector('[data-lightbox-image]');"
        "return {src: img.getAttribute('src'), width: img.naturalWidth, height: img.naturalHeight,"
        " meta: document.querySelector('[data-lightbox-meta]').textContent};")


def press(driver, key):
    driver.switch_to.active_element.send_keys(key)


def test_tiles_load_thumbnails_and_the_lightbox_the_full_image(driver, bridge):
    open_page(driver, bridge + "?category=iOS")
    wait_for(driver, VISIBLE_IMAGES_DECODED, "the thumbnails to decode")
    tiles = {tile["id"]: tile for tile in driver.execute_script(f"return {TILE_IMAGES};")}
    # Every tile asks for its thumbnail first (the stub's, half the picture's size, are then far
    # too small for the tiles: those show the full image instead).
    asked = driver.execute_script("return performance.getEntriesByType('resource').map((entry) => entry.name);")
    assert tiles and all(any(f"id={item}&variant=thumbnail" in url for url in asked) for item in tiles), asked
    # Keyboard: the tile is a button; Enter opens it, focus moves into the dialog.
    driver.execute_script("document.querySelector('[data-item-id=\"iOS-2\"] .tile-open').focus();")
    press(driver, Keys.ENTER)
    assert wait_for(driver, FULL_IMAGE_LOADED, "the full image of iOS-2") == "iOS-2"
    full = full_image(driver)
    assert "variant=full" in full["src"]
    # The thumbnail stands in until the full image, the same picture at twice its size, is
    # loaded; the caption gives the full size.
    thumbnail = driver.execute_script("const img = document.querySelector('[data-lightbox-placeholder]');"
                                      "return [img.getAttribute('src'), img.naturalWidth, img.naturalHeight];")
    assert "variant=thumbnail" in thumbnail[0]
    assert (full["width"], full["height"]) == (2 * thumbnail[1], 2 * thumbnail[2])
    assert f"{full['width']} × {full['height']}" in full["meta"]
    assert driver.execute_script(f"return {LIGHTBOX}.contains(document.activeElement);")
    press(driver, Keys.ARROW_RIGHT)
    assert wait_for(driver, f"{FULL_IMAGE_LOADED} === 'iOS-3' && 'iOS-3'", "the next item") == "iOS-3"
    assert driver.find_element(By.CSS_SELECTOR, "[data-lightbox-title]").text == "iOS #3"
    screenshot(driver, "desktop-lightbox")
    press(driver, Keys.ESCAPE)
    wait_for(driver, f"!{LIGHTBOX}.open", "the lightbox to close")
    # Focus returns to the tile of the item last shown.
    assert driver.execute_script("return document.activeElement.closest('[data-item-id]')?.dataset.itemId;") == "iOS-3"
    # The mouse: a click on a tile opens it, the first item has no previous one, the close control closes.
    driver.find_element(By.CSS_SELECTOR, '[data-item-id="iOS-1"] .tile-open').click()
    wait_for(driver, f"{FULL_IMAGE_LOADED} === 'iOS-1'", "the first item")
    assert not driver.find_element(By.CSS_SELECTOR, '[data-action="previous"]').is_enabled()
    driver.find_element(By.CSS_SELECTOR, '[data-action="close-lightbox"]').click()
    wait_for(driver, f"!{LIGHTBOX}.open", "the close control to close the lightbox")


def test_stepping_to_the_end_of_the_list_in_the_lightbox_loads_the_next_page(driver, bridge):
    # Pages of 30, and only the last row's willDisplay loads more: the grid's first rows never do.
    open_page(driver, bridge + "?category=welfare&pageSize=30&prefetchDistance=1")
    wait_for(driver, "document.querySelectorAll('[data-item-id]').length === 30", "the first page")
    driver.execute_script("document.querySelector('[data-item-id=\"welfare-21\"] .tile-open').focus({preventScroll: true});")
    press(driver, Keys.ENTER)
    wait_for(driver, f"{LIGHTBOX}.dataset.shownItem === 'welfare-21'", "the lightbox on welfare-21")
    for _ in range(8):
        press(driver, Keys.ARROW_RIGHT)
    wait_for(driver, f"{LIGHTBOX}.dataset.shownItem === 'welfare-29'", "the lightbox on welfare-29")
    assert driver.execute_script("return document.querySelectorAll('[data-item-id]').length;") == 30
    # Showing the last item reports willDisplay for it: the next page comes, "next" leads into it.
    press(driver, Keys.ARROW_RIGHT)
    wait_for(driver, "document.querySelectorAll('[data-item-id]').length > 30", "the next page")
    wait_for(driver, "!document.querySelector('[data-action=\"next\"]').disabled", "the next control")
    press(driver, Keys.ARROW_RIGHT)
    wait_for(driver, f"{FULL_IMAGE_LOADED} === 'welfare-31'", "the first item of the next page")
    driver.set_window_size(*PHONE)
    wait_for(driver, FULL_IMAGE_LOADED, "the full image at phone width")
    assert driver.execute_script(f"return {CONTROLS_OVER_CAPTION};") == []
    screenshot(driver, "phone-lightbox")
    press(driver, Keys.ESCAPE)
    wait_for(driver, f"!{LIGHTBOX}.open", "the lightbox to close")


def test_the_bridge_takes_the_two_variants_only(driver, bridge):
    open_page(driver, bridge + "?category=all")
    source = wait_for(driver, "document.querySelector('.tile img[src]')?.getAttribute('src')", "an image URL")
    key = source.split("/")[2]
    origin = bridge.rstrip("/")

    def status(path, body=None):
        headers = {"Content-Type": "application/json", "Origin": origin} if body is not None else {}
        request = urllib.request.Request(origin + path, data=body and json.dumps(body).encode(), headers=headers)
        try:
            return urllib.request.urlopen(request, timeout=WAIT).status
        except urllib.error.HTTPError as error:
            return error.code

    assert status(f"/api/tabs/{key}/willDisplay", {"index": 0, "variant": "thumbnail"}) == 200
    assert status(f"/api/tabs/{key}/willDisplay", {"index": 0, "variant": "poster"}) == 400
    assert status(f"/api/tabs/{key}/didEndDisplaying", {"index": 0, "variant": "full"}) == 400
    assert status(f"/image/{key}/0?id=all-1&variant=full") == 200
    assert status(f"/image/{key}/0?id=all-1&variant=poster") == 400


def test_a_sources_thumbnails_fill_the_grid_and_its_full_images_the_lightbox(driver, bridge):
    with FixtureServer() as backend:
        open_page(driver, example_url(bridge, "Page number + `Link` header (Lorem Picsum)", backend), confirm=True)
        wait_for(driver, f"{TILE_IMAGES}.every((tile) => tile.width)", "every thumbnail asked for to decode")
        tiles = driver.execute_script(f"return {TILE_IMAGES};")
        # The example's thumbnailURL is /id/{id}/200/150: the grid shows exactly those.
        assert tiles and all((tile["width"], tile["height"]) == (200, 150) for tile in tiles), tiles
        driver.find_element(By.CSS_SELECTOR, f'[data-item-id="{tiles[0]["id"]}"] .tile-open').click()
        wait_for(driver, FULL_IMAGE_LOADED, "the full image")
        full = full_image(driver)
        assert full["width"] > 200 and f"{full['width']} × {full['height']}" in full["meta"]
        press(driver, Keys.ESCAPE)
        wait_for(driver, f"!{LIGHTBOX}.open", "the lightbox to close")


def test_the_grid_asks_for_thumbnails_of_its_tiles_size_at_the_device_pixel_ratio(driver, bridge):
    with FixtureServer() as backend:
        backend.configure(cursor_image_format="jpg", cursor_image_query="w=1200&h=900")
        custom = backend.input_for("custom")
        query = {"source": "custom", "baseURL": custom["baseURL"], "pageSize": 6, "custom": json.dumps(custom["custom"])}
        open_page(driver, bridge + "?" + urlencode(query), confirm=True)
        wait_for(driver, VISIBLE_IMAGES_DECODED, "the thumbnails to decode")
        wanted = driver.execute_script("""const photo = document.querySelector('[data-grid] .photo');
          const side = Math.max(photo.clientWidth, photo.clientHeight) * devicePixelRatio * 4 / 3;
          return Math.min(4096, Math.ceil(side / 64) * 64);""")
        tiles = driver.execute_script(f"return {TILE_IMAGES};")
        assert tiles and all(f"maxPixelSize={wanted}" in tile["src"] for tile in tiles), (wanted, tiles)
        # 1200x900 JPEGs, resized by feedvm to the tiles' size, the aspect ratio kept.
        decoded = [(tile["width"], tile["height"]) for tile in tiles if tile["width"]]
        assert decoded and set(decoded) == {(wanted, wanted * 3 // 4)}, (wanted, decoded)
        screenshot(driver, "desktop-photo-grid")


def test_a_thumbnail_far_smaller_than_its_tile_gives_way_to_the_full_image(driver, bridge):
    with FixtureServer() as backend:
        # 40 x 30 thumbnails in tiles about 230 x 173: each would be blown up nearly six times.
        open_page(driver, example_url(bridge, "Page number + `Link` header (Lorem Picsum)", backend,
                                      thumbnailURL="/id/{id}/40/30"), confirm=True)
        wait_for(driver, f"{TILE_IMAGES}.length > 0 && {TILE_IMAGES}.every((tile) => tile.src.includes('variant=full') && tile.width)",
                 "the tiles to switch to the full images")
        tiles = driver.execute_script(f"return {TILE_IMAGES};")
        assert all(tile["width"] > 200 for tile in tiles), tiles
        screenshot(driver, "desktop-small-thumbnails")


def test_items_without_an_image_are_text_cards(driver, bridge):
    with FixtureServer() as backend:
        open_page(driver, example_url(bridge, "Offset + total (WordPress REST API)", backend), confirm=True)
        wait_for(driver, VISIBLE_IMAGES_DECODED, "the covers to decode")
        cards = driver.execute_script("""return [...document.querySelectorAll('[data-item-id]')].map((tile) => ({
          id: tile.dataset.itemId, text: tile.classList.contains('text-card'), image: !!tile.querySelector('img'),
          card: tile.querySelector('.photo p')?.textContent, title: tile.querySelector('.title').textContent}))""")
        assert len(cards) >= 20
        cards = cards[:20]
        # Post 1000 + n has a featured image when the fixture says so; the others are text cards.
        for card in cards:
            has_cover = wordpress.has_cover(int(card["id"]) - 1000)
            assert (card["text"], card["image"]) == (not has_cover, has_cover), card
            assert card["text"] is False or card["card"] == card["title"], card
        screenshot(driver, "desktop-text-cards")
        text_card = next(card["id"] for card in cards if card["text"])
        driver.find_element(By.CSS_SELECTOR, f'[data-item-id="{text_card}"] .tile-open').click()
        wait_for(driver, f"{LIGHTBOX}.open && {LIGHTBOX}.dataset.kind === 'text'", "the text card's detail view")
        title = driver.find_element(By.CSS_SELECTOR, "[data-lightbox-text] p").get_attribute("textContent")
        assert title == next(card["title"] for card in cards if card["id"] == text_card)
        screenshot(driver, "desktop-lightbox-text")
        press(driver, Keys.ESCAPE)
        wait_for(driver, f"!{LIGHTBOX}.open", "the lightbox to close")
        # At phone width a title of several lines pushes the caption up; the step controls stay off it.
        driver.set_window_size(*PHONE)
        driver.find_element(By.CSS_SELECTOR, f'[data-item-id="{text_card}"] .tile-open').click()
        wait_for(driver, f"{LIGHTBOX}.open && {LIGHTBOX}.dataset.shownItem === '{text_card}'", "the text card at phone width")
        driver.execute_script("document.querySelector('[data-lightbox-title]').textContent = "
                              "'A title long enough to wrap over three or four lines on a phone held upright';")
        assert driver.execute_script("return document.querySelector('[data-lightbox-title]').getBoundingClientRect().height;") > 60
        assert driver.execute_script(f"return {CONTROLS_OVER_CAPTION};") == []
        screenshot(driver, "phone-lightbox-long-title")
        press(driver, Keys.ESCAPE)
        wait_for(driver, f"!{LIGHTBOX}.open", "the lightbox to close")
        wait_for(driver, VISIBLE_IMAGES_DECODED, "the covers at phone width")
        screenshot(driver, "phone-text-cards")
