"""The shared protocol vectors (protocol/vectors/): what the server's tests and every client's
check alike.

- sections.json: each case's notifications, applied in order to a fresh ``FeedMirror``, give
  each step's list and revision, or are refused as the step says.
- discovery.json: each case's files, environment and working directory make
  ``feedvm.find_binary`` choose the case's binary, or fail.
"""

import json
import os
import stat
from pathlib import Path
from typing import Any, Dict, List

import pytest

from feedvm import BinaryNotFound, FeedMirror, InvalidChanges, MirrorOutOfSync
from feedvm import discovery

VECTORS = Path(__file__).resolve().parents[3] / "protocol" / "vectors"
SECTIONS: List[Dict[str, Any]] = json.loads((VECTORS / "sections.json").read_text(encoding="utf-8"))["cases"]
DISCOVERY: List[Dict[str, Any]] = json.loads((VECTORS / "discovery.json").read_text(encoding="utf-8"))["cases"]
ERRORS = {"outOfSync": MirrorOutOfSync, "invalidChanges": InvalidChanges}


@pytest.mark.parametrize("case", SECTIONS, ids=[case["name"] for case in SECTIONS])
def test_each_sections_case_gives_its_lists(case: Dict[str, Any]) -> None:
    mirror = FeedMirror("s1")
    for number, step in enumerate(case["steps"], start=1):
        if "error" in step:
            with pytest.raises(ERRORS[step["error"]]):
                mirror.apply(step["notification"])
            continue
        mirror.apply(step["notification"])
        assert (mirror.sections, mirror.revision) == (step["expect"], step["revision"]), f"step {number}"


def _lay_out(root: Path, files: Dict[str, str]) -> None:
    for name, kind in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if kind == "dir":
            path.mkdir(exist_ok=True)
            continue
        path.write_text("#!/bin/sh\n" if kind == "executable" else "")
        path.chmod(0o755 if kind == "executable" else 0o644)


@pytest.mark.parametrize("case", DISCOVERY, ids=[case["name"] for case in DISCOVERY])
def test_each_discovery_case_finds_its_binary(case: Dict[str, Any], tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path.resolve()
    _lay_out(root, case.get("files", {}))
    place = {key: str(root / value) for key, value in case.get("client", {}).items()}
    env = {key: value.replace("{root}", str(root)) for key, value in case.get("env", {}).items()}
    monkeypatch.setattr(discovery, "_shipped_with_client", lambda: [place["shipped"]] if "shipped" in place else [])
    monkeypatch.setattr(discovery, "_client_home", lambda: Path(place["files"]) if "files" in place else None)
    for key in ("FEEDVM_BIN", "PATH"):
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    explicit = str(root / case["explicit"]) if "explicit" in case else None
    cwd = root / case.get("cwd", ".")
    if "found" in case:
        assert discovery.find_binary(explicit, start=cwd) == str(root / case["found"])
    else:
        with pytest.raises(BinaryNotFound) as raised:
            discovery.find_binary(explicit, start=cwd)
        for text in case["error"]:
            assert text.replace("{root}", str(root)) in str(raised.value)
