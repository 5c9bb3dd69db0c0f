"""The bridge's guard against pages and requests that are not its own page's: a request without
`Host` is refused like one with a wrong `Host`; `HEAD /api/events` opens no tab; a feed
configuration that arrives in the page's URL contacts no host before the user confirms it, in
the page (a prompt naming the hosts, the source form listing them) and in the bridge itself
(`/api/events` opens no session for hosts not confirmed).
"""

import json
import socket
import urllib.error
import urllib.request
from urllib.parse import urlencode, urlsplit

import pytest

pytest.importorskip("selenium.webdriver", reason="selenium is installed by scripts/test-all")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

from bridges import running_bridge  # noqa: E402
from feedvm.fixtures.server import FixtureServer  # noqa: E402
from webpage import DESKTOP, PHONE, VISIBLE_IMAGES_DECODED, WAIT, screenshot, wait_for  # noqa: E402

CONSENT = "document.querySelector('[data-consent]')"


def raw_request(url, text):
    """The status code the bridge at ``url`` answers to the raw request ``text``."""
    parts = urlsplit(url)
    with socket.create_connection((parts.hostname, parts.port), timeout=WAIT) as connection:
        connection.sendall(text.encode())
        head = b""
        while b"\r\n" not in head:
            chunk = connection.recv(4096)
            if not chunk:
                break
            head += chunk
    return int(head.split(b" ", 2)[1])


def first_event(bridge, query):
    """The first event of a tab's stream opened with ``query``: (name, data), and whether the
    stream then ended by itself."""
    request = urllib.request.Request(bridge.rstrip("/") + "/api/events?" + urlencode(query))
    with urllib.request.urlopen(request, timeout=WAIT) as stream:
        name = None
        for raw in stream:
            line = raw.decode().rstrip("\n")
            if line.startswith("event: "):
                name = line[len("event: "):]
            elif line.startswith("data: ") and name:
                data = json.loads(line[len("data: "):])
                if name == "session":
                    return name, data, False  # a live tab: closing the stream ends it
                return name, data, stream.read().strip() == b""
    raise AssertionError("the stream ended without an event")


def post_json(bridge, path, body):
    origin = bridge.rstrip("/")
    request = urllib.request.Request(origin + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json", "Origin": origin})
    try:
        with urllib.request.urlopen(request, timeout=WAIT) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def host_of(url):
    return urlsplit(url).netloc


def test_a_request_without_host_is_refused_like_a_wrong_one(bridge):
    assert raw_request(bridge, "GET / HTTP/1.1\r\nConnection: close\r\n\r\n") == 421
    assert raw_request(bridge, "GET / HTTP/1.0\r\n\r\n") == 421
    assert raw_request(bridge, "GET /api/events HTTP/1.0\r\n\r\n") == 421
    port = urlsplit(bridge).port
    assert raw_request(bridge, f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n") == 200


def test_head_requests_open_no_tab():
    with running_bridge("--max-tabs", "2") as bridge:
        for _ in range(6):
            request = urllib.request.Request(bridge.rstrip("/") + "/api/events?category=all", method="HEAD")
            try:
                urllib.request.urlopen(request, timeout=WAIT).close()
            except urllib.error.HTTPError as error:
                assert error.code == 405
        # Every tab slot is still free: two tabs open side by side.
        streams = [urllib.request.urlopen(bridge.rstrip("/") + "/api/events?category=all", timeout=WAIT) for _ in range(2)]
        try:
            for stream in streams:
                events = [line for line in (next(stream) for _ in range(6)) if line.startswith(b"event: ")]
                assert events and events[0] == b"event: session\n", events
        finally:
            for stream in streams:
                stream.close()


def test_a_feed_from_a_link_contacts_no_host_before_it_is_confirmed(bridge):
    with FixtureServer() as backend:
        query = {"source": "gank", "category": "Android", "baseURL": backend.base_url("gank")}
        name, data, ended = first_event(bridge, query)
        assert (name, ended) == ("confirm", True)
        assert data["hosts"] == [{"host": host_of(backend.base_url("gank")), "scope": "loopback"}]
        assert backend.count("gank") == 0
        # The hosts the page shows, and the one way to confirm them: a POST from the page.
        status, listed = post_json(bridge, "/api/hosts", {"hosts": ["[::1"]})
        assert status == 400
        status, listed = post_json(bridge, "/api/hosts", {"hosts": [host_of(backend.base_url("gank"))]})
        assert status == 200 and listed["confirmed"] == [host_of(backend.base_url("gank"))]
        name, data, _ = first_event(bridge, query)
        assert name == "session"
        # The stub source contacts nothing and needs no confirmation.
        assert first_event(bridge, {"category": "all"})[0] == "session"


def test_hosts_a_config_names_are_listed_and_a_host_left_to_a_placeholder_is_refused(bridge):
    def hosts(query):
        try:
            with urllib.request.urlopen(bridge.rstrip("/") + "/api/hosts?" + urlencode(query), timeout=WAIT) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    assert hosts({"category": "all"}) == (200, {"hosts": []})
    status, listed = hosts({"source": "gank"})
    assert status == 200 and [entry["host"] for entry in listed["hosts"]] == ["gank.io"]
    custom = {"url": "https://API.example.com:8443/{category}", "firstURL": "{baseURL}first", "fields": {"id": "id"}}
    status, listed = hosts({"source": "custom", "baseURL": "http://10.1.2.3/", "custom": json.dumps(custom)})
    assert status == 200
    assert {(entry["host"], entry["scope"]) for entry in listed["hosts"]} == {("api.example.com:8443", None), ("10.1.2.3", "private")}
    # `{baseURL}` is inserted as is: what follows it can still change the host.
    for url in ("{baseURL}{category}.example.com/", "https://{category}.example.com/"):
        status, message = hosts({"source": "custom", "baseURL": "http://a.example", "custom": json.dumps({"url": url, "fields": {"id": "id"}})})
        assert status == 400 and "custom.url" in message, message
    # Every spelling of a loopback or private address is seen through.
    for base, scope in (("http://2130706433/", "loopback"), ("http://0x7f.1/", "loopback"), ("http://[::1]:9/", "loopback"),
                        ("http://localhost:9/", "loopback"), ("http://169.254.169.254/", "link-local"),
                        ("http://192.168.0.1/", "private"), ("http://[fd00::1]/", "private"), ("http://[::ffff:127.0.0.1]/", "loopback")):
        status, listed = hosts({"source": "gank", "baseURL": base})
        assert status == 200 and listed["hosts"][0]["scope"] == scope, (base, listed)


def test_an_update_cannot_point_a_tab_at_other_hosts(driver, bridge):
    driver.set_window_size(*DESKTOP)
    driver.get(bridge + "?category=all")
    key = wait_for(driver, "document.querySelector('.tile img[src]')?.getAttribute('src')", "an image URL").split("/")[2]
    for update in ({"source": "gank"}, {"baseURL": "http://127.0.0.1:9/"}, {"custom": {"url": "http://127.0.0.1:9/", "fields": {"id": "id"}}}):
        status, message = post_json(bridge, f"/api/tabs/{key}/updateInput", {"input": update})
        assert status == 400 and "new page" in message, (update, message)


def test_a_page_opened_from_a_link_asks_before_the_first_fetch(driver, bridge):
    with FixtureServer() as backend:
        driver.set_window_size(*DESKTOP)
        driver.get(bridge + "?" + urlencode({"source": "gank", "category": "Android", "baseURL": backend.base_url("gank")}))
        wait_for(driver, f"{CONSENT}.open", "the confirmation prompt")
        listed = driver.execute_script(f"return [...{CONSENT}.querySelectorAll('[data-consent-host]')].map((e) => e.textContent);")
        assert listed == [host_of(backend.base_url("gank"))]
        assert "this computer" in driver.find_element(By.CSS_SELECTOR, "[data-consent]").text
        assert driver.execute_script("return document.querySelectorAll('[data-item-id]').length;") == 0
        assert backend.count("gank") == 0
        screenshot(driver, "desktop-confirm-hosts")
        driver.set_window_size(*PHONE)
        screenshot(driver, "phone-confirm-hosts")
        driver.set_window_size(*DESKTOP)
        # Declining opens nothing and says why.
        driver.find_element(By.CSS_SELECTOR, '[data-action="decline-hosts"]').click()
        wait_for(driver, "!document.querySelector('[data-empty]').hidden", "the declined state")
        assert backend.count("gank") == 0
        assert "not opened" in driver.find_element(By.CSS_SELECTOR, "[data-empty-title]").text.lower()
        # Trying again asks again; confirming opens the feed.
        driver.find_element(By.CSS_SELECTOR, '[data-action="retry"]').click()
        wait_for(driver, f"{CONSENT}.open", "the prompt again")
        driver.find_element(By.CSS_SELECTOR, '[data-action="confirm-hosts"]').click()
        wait_for(driver, "document.querySelectorAll('[data-item-id]').length > 0", "the confirmed feed")
        wait_for(driver, VISIBLE_IMAGES_DECODED, "the fixture's images")
        assert backend.count("gank") >= 1
        # A confirmed host is not asked about again.
        driver.refresh()
        wait_for(driver, "document.querySelectorAll('[data-item-id]').length > 0", "the feed after a reload")
        assert not driver.execute_script(f"return {CONSENT}.open;")
        wait_for(driver, VISIBLE_IMAGES_DECODED, "the images, before the backend goes")


def test_the_source_form_shows_the_hosts_a_feed_contacts(driver, bridge):
    with FixtureServer() as backend:
        driver.set_window_size(*DESKTOP)
        driver.get(bridge + "?category=all")
        wait_for(driver, "document.querySelectorAll('[data-item-id]').length > 0", "the first page")
        driver.find_element(By.CSS_SELECTOR, '[data-action="settings"]').click()
        form = driver.find_element(By.CSS_SELECTOR, "[data-settings-form]")
        wait_for(driver, "document.querySelector('[data-form-hosts]').textContent.includes('contacts no host')", "the stub's hosts: none")
        Select(form.find_element(By.NAME, "source")).select_by_value("gank")
        form.find_element(By.NAME, "baseURL").send_keys(backend.base_url("gank"))
        wait_for(driver, f"document.querySelector('[data-form-hosts]').textContent.includes('{host_of(backend.base_url('gank'))}')",
                 "the form to list the backend's host")
        assert "this computer" in form.find_element(By.CSS_SELECTOR, "[data-form-hosts]").text
        screenshot(driver, "desktop-source-form-hosts")
        assert backend.count("gank") == 0
        # Opening the feed from the form is the confirmation: no prompt follows.
        form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        wait_for(driver, "location.search.includes('source=gank')", "the new feed's URL")
        wait_for(driver, "document.querySelectorAll('[data-item-id]').length > 0", "the feed")
        assert not driver.execute_script(f"return {CONSENT}.open;")
        wait_for(driver, VISIBLE_IMAGES_DECODED, "the images, before the backend goes")
