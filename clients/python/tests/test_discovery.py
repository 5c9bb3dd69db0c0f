"""Which feedvm binary the client spawns (feedvm.discovery), without starting any process.

The order: explicit argument, $FEEDVM_BIN, the wheel's bundled binary, feedvm on PATH, then the
release and debug builds of the Swift package in the current directory or a parent of it.
"""

import stat

import pytest

import feedvm
from feedvm import discovery


def make_executable(path):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


@pytest.fixture
def world(tmp_path, monkeypatch):
    """A repository with a nested working directory, an empty PATH, no FEEDVM_BIN, no bundle."""
    repo = tmp_path / "repo"
    (repo / "Sources" / "deep").mkdir(parents=True)
    (repo / "Package.swift").write_text("// swift-tools-version:6.0\n")
    monkeypatch.chdir(repo / "Sources" / "deep")
    path_dir = tmp_path / "path"
    path_dir.mkdir()
    monkeypatch.setenv("PATH", str(path_dir))
    monkeypatch.delenv("FEEDVM_BIN", raising=False)
    monkeypatch.setattr(discovery, "bundled_binary", lambda: None)
    return repo, path_dir


def test_nothing_found_lists_every_place_tried(world):
    repo, _ = world
    with pytest.raises(feedvm.BinaryNotFound) as raised:
        feedvm.find_binary()
    message = str(raised.value)
    for tried in ("$FEEDVM_BIN", "bundled", "feedvm on PATH", str(repo / ".build/release/feedvm"),
                  str(repo / ".build/debug/feedvm"), "swift build -c release"):
        assert tried in message


def test_outside_any_repository_the_error_says_where_it_looked(world, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(feedvm.BinaryNotFound, match="Package.swift"):
        feedvm.find_binary()


def test_the_repository_build_is_found_from_a_subdirectory_release_before_debug(world):
    repo, _ = world
    debug = make_executable(repo / ".build" / "debug" / "feedvm")
    assert feedvm.find_binary() == str(debug)
    release = make_executable(repo / ".build" / "release" / "feedvm")
    assert feedvm.find_binary() == str(release)


def test_a_build_in_an_outer_repository_is_found_past_an_unbuilt_inner_one(world):
    repo, _ = world
    (repo / "Sources" / "Package.swift").write_text("")
    release = make_executable(repo / ".build" / "release" / "feedvm")
    assert feedvm.find_binary() == str(release)


def test_start_overrides_the_current_directory(world, tmp_path, monkeypatch):
    repo, _ = world
    release = make_executable(repo / ".build" / "release" / "feedvm")
    monkeypatch.chdir(tmp_path)
    assert feedvm.find_binary(start=repo / "Sources") == str(release)


def test_path_comes_before_the_repository_build(world):
    repo, path_dir = world
    make_executable(repo / ".build" / "release" / "feedvm")
    on_path = make_executable(path_dir / "feedvm")
    assert feedvm.find_binary() == str(on_path)


def test_the_bundled_binary_comes_before_path(world, tmp_path, monkeypatch):
    _, path_dir = world
    make_executable(path_dir / "feedvm")
    bundled = make_executable(tmp_path / "wheel" / "feedvm")
    monkeypatch.setattr(discovery, "bundled_binary", lambda: str(bundled))
    assert feedvm.find_binary() == str(bundled)


def test_feedvm_bin_then_an_explicit_path_override_everything(world, tmp_path, monkeypatch):
    _, path_dir = world
    make_executable(path_dir / "feedvm")
    monkeypatch.setattr(discovery, "bundled_binary", lambda: str(make_executable(tmp_path / "b")))
    from_env = make_executable(tmp_path / "from-env")
    monkeypatch.setenv("FEEDVM_BIN", str(from_env))
    assert feedvm.find_binary() == str(from_env)
    explicit = make_executable(tmp_path / "explicit")
    assert feedvm.find_binary(explicit) == str(explicit)


def test_a_bad_explicit_choice_is_an_error_not_a_fallback(world, tmp_path, monkeypatch):
    repo, _ = world
    make_executable(repo / ".build" / "release" / "feedvm")
    with pytest.raises(feedvm.BinaryNotFound, match="nope is not an executable file"):
        feedvm.find_binary(tmp_path / "nope")
    monkeypatch.setenv("FEEDVM_BIN", str(tmp_path / "missing"))
    with pytest.raises(feedvm.BinaryNotFound, match=r"\$FEEDVM_BIN=.*missing is not an executable"):
        feedvm.find_binary()
