"""Which feedvm binary the client spawns (feedvm.discovery), without starting any process.

The shared rule's cases are protocol/vectors/discovery.json (test_protocol_vectors.py); these
are the Python client's own places: what counts as its own files and what it ships.
"""

import stat
from pathlib import Path

import pytest

import feedvm
from feedvm import discovery


def make_executable(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def test_a_checkouts_own_files_are_its_package_folder() -> None:
    home = discovery._client_home()
    assert home == Path(discovery.__file__).resolve().parent
    assert (home.parents[2] / "Package.swift").is_file(), "clients/python/feedvm in the repository"


def test_an_install_from_a_checkout_finds_that_checkouts_build_from_anywhere(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    checkout = tmp_path / "repo"
    (checkout / "clients" / "python").mkdir(parents=True)
    (checkout / "Package.swift").write_text("")
    debug = make_executable(checkout / ".build" / "debug" / "feedvm")
    record = tmp_path / "site-packages" / "feedvm" / "source_checkout"
    record.parent.mkdir(parents=True)
    record.write_text(f"{checkout / 'clients' / 'python'}\n")
    monkeypatch.setattr(discovery, "SOURCE_CHECKOUT", record)
    monkeypatch.setattr(discovery, "_shipped_with_client", lambda: [])
    monkeypatch.delenv("FEEDVM_BIN", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    assert feedvm.find_binary(start=elsewhere) == str(debug)


def test_a_checkout_without_metadata_ships_only_what_lies_beside_its_package() -> None:
    assert discovery._shipped_with_client()[-1] == str(Path(discovery.__file__).resolve().parents[1] / "bin" / "feedvm")
