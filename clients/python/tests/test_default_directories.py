"""Where feedvm keeps its files when no flag says: the XDG base directories, else under ``$HOME``
(the cache and the store in ``$XDG_CACHE_HOME/feedvm``, the store's key in
``$XDG_STATE_HOME/feedvm``), so a sandboxed or test ``HOME`` is honoured."""

import os
from pathlib import Path
from typing import Dict

import feedvm
from feedvm.protocol_types import CacheInfo


def environment(**overrides: str) -> Dict[str, str]:
    inherited = {name: value for name, value in os.environ.items() if not name.startswith("XDG_")}
    return {**inherited, **overrides}


def open_stub_feed(binary: str, env: Dict[str, str]) -> CacheInfo:
    """Load the stub feed's first page with ``env``; the cache's description."""
    with feedvm.Client(binary=binary, env=env, timeout=30) as client:
        session = client.transform({"source": "stub"})["session"]
        client.request_command(session, reload=True)
        info = client.cache_info()
        client.dispose(session)
        return info


def test_without_xdg_variables_the_cache_store_and_key_live_under_home(feedvm_binary: str, tmp_path: Path) -> None:
    home = tmp_path / "home"
    info = open_stub_feed(feedvm_binary, environment(HOME=str(home)))
    assert info["disk"]["directory"] == str(home / ".cache" / "feedvm")
    assert (home / ".cache" / "feedvm" / "store" / "feeds.sqlite").is_file()
    assert (home / ".local" / "state" / "feedvm" / "store-key").is_file()


def test_xdg_cache_and_state_homes_are_used_when_set(feedvm_binary: str, tmp_path: Path) -> None:
    home, cache, state = tmp_path / "home", tmp_path / "cache", tmp_path / "state"
    info = open_stub_feed(feedvm_binary, environment(HOME=str(home), XDG_CACHE_HOME=str(cache), XDG_STATE_HOME=str(state)))
    assert info["disk"]["directory"] == str(cache / "feedvm")
    assert (cache / "feedvm" / "store" / "feeds.sqlite").is_file()
    assert (state / "feedvm" / "store-key").is_file()
    assert not home.exists(), "nothing written under HOME"
