"""Shared fixtures: the test double for client mechanics, and the real binary.

Tests that need the real ``feedvm`` take ``feedvm_binary`` / ``stub_session``
and skip, saying why, when the binary is not built or does not speak the feed
methods yet (it answers -32601).
"""

import sys
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run from a checkout without installing

import feedvm  # noqa: E402
from client_support import SpawnClient, fake_client, real_binary_path  # noqa: E402
from feedvm.fixtures import FixtureServer  # noqa: E402


@pytest.fixture
def fake() -> Iterator[feedvm.Client]:
    with fake_client(timeout=10) as client:
        yield client


@pytest.fixture(params=feedvm.FRAMINGS)
def framing(request: pytest.FixtureRequest) -> str:
    """Each framing in turn, for the tests whose subject is what goes over the wire."""
    framing: str = request.param
    return framing


@pytest.fixture
def fake_framed(framing: str) -> Iterator[feedvm.Client]:
    """``fake``, once per framing."""
    with fake_client(timeout=10, framing=framing) as client:
        yield client


_feed_support: Dict[str, Optional[str]] = {}


@pytest.fixture(scope="session")
def feedvm_binary(tmp_path_factory: pytest.TempPathFactory) -> str:
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
    reason = _feed_support[path]
    if reason:
        pytest.skip(reason)
    return path


@pytest.fixture
def real(feedvm_binary: str, tmp_path: Path) -> Iterator[feedvm.Client]:
    """A client on the real binary with a private image cache."""
    with feedvm.Client(binary=feedvm_binary, args=["--cache-dir", str(tmp_path / "cache")],
                       timeout=30) as client:
        yield client


@pytest.fixture
def real_framed(feedvm_binary: str, tmp_path: Path, framing: str) -> Iterator[feedvm.Client]:
    """``real``, once per framing."""
    with feedvm.Client(binary=feedvm_binary, args=["--cache-dir", str(tmp_path / "cache")],
                       timeout=30, framing=framing) as client:
        yield client


@pytest.fixture
def spawn_real(feedvm_binary: str, tmp_path: Path) -> Iterator[SpawnClient]:
    """Start more real clients with extra flags; all are closed after the test."""
    started: List[feedvm.Client] = []

    def spawn(*args: str, **kwargs: Any) -> feedvm.Client:
        client = feedvm.Client(binary=feedvm_binary,
                               args=["--cache-dir", str(tmp_path / f"cache{len(started)}"), *args],
                               **{"timeout": 30, **kwargs})
        started.append(client)
        return client

    yield spawn
    for client in started:
        client.close()


@pytest.fixture(scope="module")
def fixture_server() -> Iterator[FixtureServer]:
    with FixtureServer() as server:
        yield server


@pytest.fixture
def fixtures(fixture_server: FixtureServer) -> FixtureServer:
    """The module's fixture backend, reset before each test."""
    fixture_server.reset()
    fixture_server.configure(total=45, token_expiry="http401", token_uses=1000, image_max_age=3600, image_revision=0,
                             cursor_image_format="gif", cursor_image_query="", last_next="null")
    return fixture_server
