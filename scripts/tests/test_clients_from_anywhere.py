"""The clients and the web bridge work from any directory once the repository is built.

Each runs from a fresh temporary directory outside the repository, with neither
``$FEEDVM_BIN`` nor a ``feedvm`` on ``PATH``: each finds the build of the checkout it lives in
(the shared rule, protocol/vectors/discovery.json). Skips when the repository is not built.
"""

import json
import os
import re
import shutil
import subprocess
import urllib.request
from pathlib import Path

import pytest

from conftest import ROOT

BUILDS = [ROOT / ".build" / configuration / "feedvm" for configuration in ("release", "debug")]
NODE = shutil.which("node")


@pytest.fixture(scope="module")
def build() -> Path:
    for path in BUILDS:
        if path.is_file() and os.access(path, os.X_OK):
            return path
    pytest.skip("the repository is not built (swift build)")


@pytest.fixture
def elsewhere(tmp_path: Path) -> Path:
    directory = tmp_path / "elsewhere"
    directory.mkdir()
    assert not any(parent == ROOT for parent in directory.parents)
    return directory


def environment(**extra: str) -> "dict[str, str]":
    """The test's environment without FEEDVM_BIN, with a PATH that has system tools only."""
    env = {key: value for key, value in os.environ.items() if key not in ("FEEDVM_BIN", "PYTHONPATH")}
    env["PATH"] = os.pathsep.join(directory for directory in ("/usr/local/bin", "/usr/bin", "/bin")
                                  if not (Path(directory) / "feedvm").exists())
    env.update(extra)
    return env


def test_the_python_client_from_a_checkout_finds_its_build(build: Path, elsewhere: Path) -> None:
    probe = "import feedvm\nwith feedvm.Client() as client:\n    print(client.binary)\n    print(client.ping())\n"
    done = subprocess.run([os.environ.get("PYTHON", "python3"), "-c", probe], cwd=elsewhere, capture_output=True,
                          text=True, timeout=120, env=environment(PYTHONPATH=str(ROOT / "clients" / "python")))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [str(build), "{}"]


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_javascript_readme_example_runs_from_anywhere(build: Path, elsewhere: Path) -> None:
    readme = (ROOT / "clients" / "js" / "README.md").read_text(encoding="utf-8")
    example = re.search(r"```js\n(.*?)```", readme, re.DOTALL)
    assert example, "the README has a js example"
    script = elsewhere / "example.mjs"
    script.write_text(example.group(1).replace("'./clients/js/index.js'", json.dumps(str(ROOT / "clients/js/index.js"))))
    # A first-time reader: no feed stored by an earlier run in the user's cache.
    fresh = environment(XDG_CACHE_HOME=str(elsewhere / "cache"), XDG_STATE_HOME=str(elsewhere / "state"))
    done = subprocess.run([str(NODE), str(script)], cwd=elsewhere, capture_output=True, text=True, timeout=120, env=fresh)
    assert done.returncode == 0, done.stderr
    assert "revision: 1" in done.stdout and "hasMore: true" in done.stdout, done.stdout


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_web_bridge_serves_from_anywhere(build: Path, elsewhere: Path) -> None:
    bridge = subprocess.Popen([str(NODE), str(ROOT / "clients/web/server.mjs"), "--port", "0",
                               "--cache-dir", str(elsewhere / "cache")], cwd=elsewhere, env=environment(),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert bridge.stdout is not None
        address = bridge.stdout.readline().strip()
        assert address.startswith("http://127.0.0.1:"), bridge.stderr.read() if bridge.stderr else ""
        with urllib.request.urlopen(address, timeout=30) as page:
            assert page.status == 200 and b"<html" in page.read().lower()
    finally:
        bridge.terminate()
        bridge.wait(30)
