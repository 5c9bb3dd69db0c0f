"""Security: feedvm reads only what it should and never tells a secret.

- Only http/https for API and image URLs: file, ftp, gopher and data are refused with -32004
  naming the scheme, also when an http URL redirects to ``file://``; no byte of the file leaks.
- Caps: bodies and images over 20 MiB fail cleanly; sessions per process (``--max-sessions``);
  message size (also in ``test_wire_fuzzing``).
- Cache file names stay inside ``--cache-dir`` whatever the image URL's path or query holds.
- Secrets (access key, tokens, Authorization, a key in a query) appear in no log line at the
  most verbose level, no error and no notification.
"""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any, Dict, Iterator, List
from urllib.parse import quote, quote_plus

import pytest

from feedvm.fixtures import FixtureServer
from reliability_figures import set_figure
from reliability_hostile_backend import CUSTOM_SOURCE, SECRET_FILE_MARKER, HostileBackend, hostile_image_urls
from reliability_session import FeedSession
from reliability_wire import FeedvmProcess

INVALID_PARAMS = -32602
SCHEME_REFUSED = -32004
LOAD_FAILED = -32002
IMAGE_FAILED = -32003
TOO_MANY_SESSIONS = -32005
REFUSED_API_URLS = {"file": "file:///etc/", "ftp": "ftp://127.0.0.1/", "gopher": "gopher://127.0.0.1/",
                    "data": "data:application/json,[]"}


def everything_written(process: FeedvmProcess) -> str:
    """stdout (as parsed messages) and stderr as one text to search."""
    return "\n".join(json.dumps(message, ensure_ascii=False) for message in process.messages) + process.stderr_text()


@pytest.fixture
def hostile() -> Iterator[HostileBackend]:
    with HostileBackend() as backend:
        yield backend


@pytest.fixture
def feedvm_with_cache(feed_methods: str, tmp_path: Path) -> Iterator[FeedvmProcess]:
    with FeedvmProcess(feed_methods, ["--cache-dir", str(tmp_path / "cache")]) as process:
        yield process
        assert process.violations == []


def assert_refused(answer: Dict[str, Any], scheme: str) -> None:
    error = answer.get("error")
    assert error is not None and error["code"] == SCHEME_REFUSED, answer
    assert scheme in error["message"].lower(), f"the message should name the scheme: {error}"
    assert (error.get("data") or {}).get("scheme") == scheme, error


@pytest.mark.parametrize("scheme", sorted(REFUSED_API_URLS))
def test_api_urls_of_other_schemes_are_refused(feedvm_with_cache: FeedvmProcess, scheme: str) -> None:
    process = feedvm_with_cache
    answer = process.request("transform", {"input": {"source": "gank", "baseURL": REFUSED_API_URLS[scheme]}})
    if "result" in answer:  # refusing at the first load is as good as at transform
        answer = process.request("requestCommand", {"session": answer["result"]["session"], "reload": True})
    assert_refused(answer, scheme)
    assert SECRET_FILE_MARKER not in everything_written(process)


def test_custom_url_template_of_another_scheme_is_refused(feedvm_with_cache: FeedvmProcess) -> None:
    process = feedvm_with_cache
    custom = dict(CUSTOM_SOURCE, url="file:///etc/passwd")
    answer = process.request("transform", {"input": {"source": "custom", "custom": custom}})
    if "result" in answer:
        answer = process.request("requestCommand", {"session": answer["result"]["session"], "reload": True})
    error = answer.get("error")
    # A template is validated as a param (-32602 naming input.custom.url) or refused as a URL (-32004).
    assert error is not None and error["code"] in (INVALID_PARAMS, SCHEME_REFUSED), answer
    assert "http" in error["message"], f"the message should say what is allowed: {error}"
    assert SECRET_FILE_MARKER not in everything_written(process)


def test_api_redirect_to_file_is_not_followed(feedvm_with_cache: FeedvmProcess, hostile: HostileBackend) -> None:
    process = feedvm_with_cache
    session = FeedSession(process, {"source": "custom", "baseURL": hostile.base,
                                    "custom": dict(CUSTOM_SOURCE, url="{baseURL}redirect-to-file")})
    outcome = session.reload()
    assert outcome.error is not None and outcome.error["code"] in (LOAD_FAILED, SCHEME_REFUSED), outcome.response
    assert outcome.statuses()[-1] == "footerStatus"
    assert [hud["style"] for hud in outcome.params_of("hud")] == ["error"]
    assert SECRET_FILE_MARKER not in everything_written(process)


def test_image_urls_are_checked_when_loaded(feedvm_with_cache: FeedvmProcess, hostile: HostileBackend, tmp_path: Path) -> None:
    process = feedvm_with_cache
    cache = (tmp_path / "cache").resolve()
    escapes = [Path("/tmp/escape.png"), Path("/tmp/escape2.png"), Path("/tmp/escape3.png")]
    existed = {path: path.exists() for path in escapes}
    session = FeedSession(process, {"source": "custom", "baseURL": hostile.base, "custom": CUSTOM_SOURCE})
    loaded = session.reload()
    urls = hostile_image_urls(hostile.base)
    assert loaded.error is None and loaded.result["count"] == len(urls), loaded.response
    assert session.items() == [f"hostile-{n}" for n in range(len(urls))]  # items keep their URLs
    for index, url in enumerate(urls):
        outcome = session.run("loadImage", index=index)
        downloaded = outcome.params_of("imageDownloaded")
        scheme = url.split(":", 1)[0]
        if scheme != "http":
            assert_refused(outcome.response, scheme)
        if outcome.error is not None:
            assert outcome.error["code"] in (SCHEME_REFUSED, IMAGE_FAILED), (url, outcome.error)
            assert downloaded and downloaded[-1]["image"] is None and downloaded[-1].get("error"), (url, downloaded)
            continue
        assert "redirect-to-file" not in url and "huge-image" not in url, f"{url} loaded: {outcome.result}"
        path = Path(outcome.result["path"]).resolve()
        assert cache in path.parents, f"{url} cached outside the cache directory: {path}"
    for path in escapes:
        assert path.exists() == existed[path], f"{path} was written"
    outside = [p for p in tmp_path.rglob("*") if p.is_file() and cache not in p.resolve().parents]
    assert outside == []
    assert SECRET_FILE_MARKER not in everything_written(process)


def test_api_body_over_the_cap_fails_cleanly(feedvm_with_cache: FeedvmProcess, hostile: HostileBackend) -> None:
    process = feedvm_with_cache
    session = FeedSession(process, {"source": "custom", "baseURL": hostile.base,
                                    "custom": dict(CUSTOM_SOURCE, url="{baseURL}huge-items")})
    outcome = session.reload()
    assert outcome.error is not None and outcome.error["code"] == LOAD_FAILED, outcome.response
    assert outcome.statuses()[-1] == "footerStatus"
    assert process.call("ping") == {}


def test_sessions_per_process_are_capped(feed_methods: str, feedvm_help: str) -> None:
    if "--max-sessions" not in feedvm_help:
        pytest.skip("feedvm --help lists no --max-sessions flag yet (protocol/ s. 11: default 1,000)")
    with FeedvmProcess(feed_methods, ["--max-sessions", "3"]) as process:
        sessions = [process.call("transform", {"input": {}})["session"] for _ in range(3)]
        refused = process.request("transform", {"input": {}})
        assert refused["error"]["code"] == TOO_MANY_SESSIONS and refused["error"]["data"]["limit"] == 3, refused
        process.call("dispose", {"session": sessions[0]})
        assert "session" in process.call("transform", {"input": {}})


def most_verbose_level(help_text: str) -> str:
    for level in ("trace", "debug"):
        if level in help_text:
            return level
    pytest.skip("feedvm --help names no debug or trace log level")


SECRETS = {"access_key": "AKreliability9f3c2e71", "token": "TKreliability77d1a0c4",
           "bearer": "BRreliability5be81cd2", "api_key": "APreliability0c4f9da8"}


def test_secrets_never_appear_in_logs_errors_or_notifications(feed_methods: str, feedvm_help: str, tmp_path: Path) -> None:
    level = most_verbose_level(feedvm_help)
    config = {"access_key": SECRETS["access_key"], "initial_token": SECRETS["token"], "token_uses": 1_000_000}
    with FixtureServer(config=config) as server, \
            FeedvmProcess(feed_methods, ["--log-level", level, "--cache-dir", str(tmp_path / "cache")]) as process:
        inputs = [
            server.input_for("unsplash", pageSize=5),
            server.input_for("envelope", pageSize=5, headers={"token": SECRETS["token"],
                                                               "Authorization": f"Bearer {SECRETS['bearer']}"}),
            server.input_for("gank", pageSize=5, headers={"Authorization": f"Bearer {SECRETS['bearer']}"}),
            server.input_for("custom", pageSize=5, accessKey=SECRETS["access_key"], headers={"X-Api-Key": SECRETS["api_key"]},
                             custom={"url": "{baseURL}", "query": {"cursor": "{cursor}", "limit": "{pageSize}",
                                                                   "key": "{accessKey}"},
                                     "paging": "cursor", "items": "items", "nextCursor": "next",
                                     "fields": {"id": "key", "title": "name", "imageURL": "picture.url"}}),
        ]
        routes = ["unsplash", "envelope.list", "gank", "cursor"]
        for input, route in zip(inputs, routes):
            session = FeedSession(process, input)
            assert session.reload().error is None, input["source"]
            assert session.load_more().error is None, input["source"]
            assert session.run("loadImage", index=0).error is None, input["source"]
            server.set_fault(route, status=401)
            failed = session.load_more()
            server.clear_faults()
            assert failed.error is not None and failed.error["code"] == LOAD_FAILED, failed.response
            process.call("dispose", {"session": session.id})
        assert process.finish() == 0
        written = everything_written(process)
        logged = process.stderr_text()
    assert "127.0.0.1" in logged, f"no request logged at --log-level {level}: the test would prove little"
    set_figure(f"secrets test: stderr lines at --log-level {level}", len(logged.splitlines()))
    leaked = [name for name, secret in SECRETS.items() if secret in written]
    assert leaked == [], f"secrets {leaked} appear in feedvm's output or logs"


KEY = "AK/by+value=9f3c2e71"
"""An access key with characters URLs escape (``/``, ``+``, ``=``), so encoded forms are checked too."""
INNOCENT = "HVinnocent4be81cd2"
"""A header value under a name no rule calls secret (``X-Trace-Context``)."""


def forms_of(secret: str) -> List[str]:
    """The secret as written raw, percent-encoded (either case) and form-encoded."""
    encoded = quote(secret, safe="")
    return sorted({secret, encoded, encoded.lower(), quote_plus(secret)})


@pytest.mark.parametrize("level", ["warning", "trace"])
def test_secrets_are_redacted_by_value_wherever_they_appear(feed_methods: str, level: str) -> None:
    """A key in the URL path or under query names no rule knows (``appid``,
    ``q``), and a header value under an innocent name, reach no error, notification or log line."""
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()  # nothing listens: every load is a transport failure carrying the URL
    custom = {"url": "{baseURL}v1/{accessKey}/items", "query": {"appid": "{accessKey}", "q": "{accessKey}"},
              "items": "items", "fields": {"id": "id", "imageURL": "image"}}
    with FeedvmProcess(feed_methods, ["--log-level", level]) as process:
        session = FeedSession(process, {"source": "custom", "baseURL": f"http://127.0.0.1:{port}/", "accessKey": KEY,
                                        "headers": {"X-Trace-Context": INNOCENT}, "custom": custom})
        failed = session.reload()
        assert failed.error is not None and failed.error["code"] == LOAD_FAILED, failed.response
        assert [hud["style"] for hud in failed.params_of("hud")] == ["error"]
        assert "127.0.0.1" in failed.error["message"] or "127.0.0.1" in json.dumps(failed.error.get("data")), \
            f"the error should still say where: {failed.error}"
        assert process.finish() == 0
        written = everything_written(process)
        logged = process.stderr_text()
    assert "127.0.0.1" in logged, f"nothing logged at --log-level {level}: the test would prove little"
    leaked = [form for secret in (KEY, INNOCENT) for form in forms_of(secret) if form in written]
    assert leaked == [], f"{leaked} appear in feedvm's output or logs:\n{written[-2000:]}"


def test_a_renewed_token_is_sent_once_to_the_client_and_never_logged(feed_methods: str) -> None:
    """The renewed token reaches the client in
    ``tokenRefreshed`` (to persist, as seed 004 keeps it in UserDefaults) and nowhere else."""
    config = {"token_uses": 1, "initial_token": "TKfirst0c4f9da8"}
    with FixtureServer(config=config) as server, FeedvmProcess(feed_methods, ["--log-level", "trace"]) as process:
        session = FeedSession(process, server.input_for("envelope", pageSize=5))
        assert session.reload().error is None
        renewed = session.load_more()  # the token served one request: this one renews it
        assert renewed.error is None, renewed.response
        [note] = renewed.params_of("tokenRefreshed")
        token = note["token"]
        assert note == {"session": session.id, "token": token} and token.startswith("fixture-token-"), note
        assert process.finish() == 0
        stdout_but_the_note = "\n".join(json.dumps(m) for m in process.messages if m.get("method") != "tokenRefreshed")
        logged = process.stderr_text()
    assert "127.0.0.1" in logged
    assert token not in logged and "TKfirst0c4f9da8" not in logged, "a token was logged"
    assert token not in stdout_but_the_note, "the renewed token is sent in tokenRefreshed only"


def test_the_renewed_token_survives_update_input(feed_methods: str) -> None:
    """A category switch keeps the renewed token, so it costs no second renewal."""
    with FixtureServer(config={"token_uses": 2}) as server, FeedvmProcess(feed_methods) as process:
        session = FeedSession(process, server.input_for("envelope", pageSize=5))
        assert session.reload().error is None
        assert session.load_more().error is None
        renewing = session.load_more()  # the first token served two requests: this one renews
        assert renewing.error is None, renewing.response
        assert len(renewing.params_of("tokenRefreshed")) == 1
        assert server.count("envelope.refresh") == 1
        process.call("updateInput", {"session": session.id, "input": {"category": "iOS"}})
        switched = session.reload()  # the renewed token's second use: still valid
        assert switched.error is None, switched.response
        assert server.count("envelope.refresh") == 1, "updateInput forgot the renewed token"
        assert switched.params_of("tokenRefreshed") == []
        assert process.violations == []
