"""Shared fixtures: the test double for client mechanics, and the real binary.

Tests that need the real ``feedvm`` take ``feedvm_binary`` / ``stub_session``
and skip, saying why, when the binary is not built or does not speak the feed
methods yet (it answers -32601).
"""

import os
import sys
from pathlib import Path
from typing import Iterator, Optional

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run from a checkout without installing

import feedvm  # noqa: E402
from feedvm.discovery import repository_root  # noqa: E402

FAKE_SERVER = HERE / "fake_feedvm.py"


def real_binary_path() -> Optional[str]:
    """FEEDVM_BIN, else <repo>/.build/release/feedvm, else <repo>/.build/debug/feedvm."""
    from_env = os.environ.get("FEEDVM_BIN")
    if from_env:
        return from_env if os.access(from_env, os.X_OK) else None
    root = repository_root(HERE)
    if root is None:
        return None
    for configuration in ("release", "debug"):
        candidate = root / ".build" / configuration / "feedvm"
        if os.access(candidate, os.X_OK):
            return str(candidate)
    return None


def fake_client(*extra_args: str, **kwargs) -> feedvm.Client:
    """A Client spawned on the test double (tests/fake_feedvm.py), not on feedvm."""
    return feedvm.Client(binary=sys.executable, args=[str(FAKE_SERVER), *extra_args], **kwargs)


@pytest.fixture
def fake() -> Iterator[feedvm.Client]:
    with fake_client(timeout=10) as client:
        yield client


_feed_support: dict = {}


@pytest.fixture(scope="session")
def feedvm_binary(tmp_path_factory) -> str:
    """The real binary, known to speak the feed methods; else the test is skipped."""
    path = real_binary_path()
    if path is None:
        pytest.skip("feedvm binary not built: set FEEDVM_BIN or run `swift build -c release`")
    if path not in _feed_support:
        cache = tmp_path_factory.mktemp("probe-cache")
        try:
            with feedvm.Client(binary=path, args=["--cache-dir", str(cache)], timeout=20) as client:
                client.transform({"source": "stub"})
            _feed_support[path] = None
        except feedvm.MethodNotFound as error:
            _feed_support[path] = f"{path} does not speak the feed methods yet ({error})"
        except feedvm.FeedVMError as error:
            _feed_support[path] = f"{path} failed the transform probe: {error}"
    if _feed_support[path]:
        pytest.skip(_feed_support[path])
    return path


@pytest.fixture
def real(feedvm_binary, tmp_path) -> Iterator[feedvm.Client]:
    """A client on the real binary with a private image cache."""
    with feedvm.Client(binary=feedvm_binary, args=["--cache-dir", str(tmp_path / "cache")],
                       timeout=30) as client:
        yield client


@pytest.fixture
def spawn_real(feedvm_binary, tmp_path):
    """Start more real clients with extra flags; all are closed after the test."""
    started = []

    def spawn(*args: str, **kwargs) -> feedvm.Client:
        client = feedvm.Client(binary=feedvm_binary,
                               args=["--cache-dir", str(tmp_path / f"cache{len(started)}"), *args],
                               **{"timeout": 30, **kwargs})
        started.append(client)
        return client

    yield spawn
    for client in started:
        client.close()


def session_events(client: feedvm.Client, session: str):
    """(method, status-or-None) of every buffered notification of ``session``, in order."""
    events = []
    for note in client.notifications(timeout=0):
        if note.session == session:
            events.append((note.method, note.params.get("status") or note.params.get("style")))
    return events


@pytest.fixture(scope="module")
def fixture_server():
    from feedvm.fixtures import FixtureServer
    with FixtureServer() as server:
        yield server


@pytest.fixture
def fixtures(fixture_server):
    """The module's fixture backend, reset before each test."""
    fixture_server.reset()
    fixture_server.configure(total=45, token_expiry="http401", token_uses=1000)
    return fixture_server
