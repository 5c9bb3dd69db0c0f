"""The wheel from scripts/package, installed into a fresh venv, runs a session on its own binary.

scripts/test-all builds the wheel first (``scripts/package``) and names it in
``$FEEDVM_WHEEL``; run alone, the test takes the newest wheel in dist/ and skips without one.
"""

import json
import os
import subprocess
from pathlib import Path

import pytest

from conftest import ROOT, FreshVenv

SESSION = """
import json, feedvm
with feedvm.Client() as client:
    session = client.transform({"source": "stub"})["session"]
    result = client.request_command(session, reload=True)
    image = client.load_image(session, 0)
    print(json.dumps({"binary": client.binary, "result": result, "width": image["width"],
                      "finder": feedvm.find_binary()}))
"""


@pytest.fixture(scope="module")
def wheel() -> Path:
    named = os.environ.get("FEEDVM_WHEEL")
    if named:
        assert Path(named).is_file(), f"FEEDVM_WHEEL={named} does not exist"
        return Path(named)
    built = sorted((ROOT / "dist").glob("feedvm-*.whl"), key=lambda path: path.stat().st_mtime)
    if not built:
        pytest.skip("no wheel in dist/: run scripts/package")
    return built[-1]


@pytest.fixture(scope="module")
def installed(tmp_path_factory, wheel):
    environment = FreshVenv(tmp_path_factory.mktemp("venv") / "env")
    done = environment.run([str(environment.python), "-m", "pip", "install", "-q", "--no-index", str(wheel)])
    assert done.returncode == 0, done.stderr
    return environment


def test_the_installed_client_spawns_the_bundled_binary_from_anywhere(installed, tmp_path):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    done = installed.run([str(installed.python), "-c", SESSION], cwd=outside)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    binary = Path(report["binary"])
    assert binary.is_relative_to(installed.path) and binary.parts[-4:] == ("site-packages", "feedvm", "bin", "feedvm")
    assert report["finder"] == report["binary"]
    assert (report["result"]["count"], report["result"]["hasMore"]) == (10, True)
    assert report["width"] > 0


def test_the_bundled_binary_carries_the_swift_runtime(installed):
    binary = next(installed.path.glob("lib/python*/site-packages/feedvm/bin/feedvm"))
    needed = subprocess.run(["readelf", "-d", str(binary)], capture_output=True, text=True, check=True).stdout
    assert "libswiftCore" not in needed and "libFoundation" not in needed


def test_feedvm_bin_still_overrides_the_bundled_binary(installed, tmp_path):
    chosen = tmp_path / "my-feedvm"
    chosen.write_text("#!/bin/sh\n")
    chosen.chmod(0o755)
    environment = installed.environment(FEEDVM_BIN=str(chosen))
    done = subprocess.run([str(installed.python), "-c", "import feedvm; print(feedvm.find_binary())"],
                          env=environment, capture_output=True, text=True, cwd=tmp_path)
    assert done.stdout.strip() == str(chosen), done.stderr


def test_the_feedvm_command_execs_the_bundled_binary(installed, tmp_path):
    command = str(installed.path / "bin" / "feedvm")
    version = installed.run([command, "--version"], cwd=tmp_path)
    assert version.returncode == 0 and version.stdout.startswith("feedvm "), version.stderr
    ping = subprocess.run([command], input='{"jsonrpc":"2.0","id":1,"method":"ping"}\n',
                          env=installed.environment(), capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert json.loads(ping.stdout) == {"jsonrpc": "2.0", "id": 1, "result": {}}, ping.stderr
    assert ping.returncode == 0
