"""The wheel from scripts/package, installed into a fresh venv, runs a session on its own binary,
and ``feedvm`` on ``PATH`` is that binary (as ruff and uv ship theirs), as fast to start.

scripts/test-all builds the wheel first (``scripts/package``) and names it in
``$FEEDVM_WHEEL``; run alone, the test takes the newest wheel in dist/ and skips without one.
"""

import json
import os
import statistics
import subprocess
import time
import zipfile
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
    assert binary == installed.path / "bin" / "feedvm", "the wheel's script, found through its RECORD"
    assert report["finder"] == report["binary"]
    assert (report["result"]["count"], report["result"]["hasMore"]) == (10, True)
    assert report["width"] > 0


def test_the_bundled_binary_carries_the_swift_runtime(installed):
    binary = installed.path / "bin" / "feedvm"
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


def test_the_feedvm_command_is_the_binary_itself(installed, tmp_path, wheel):
    command = installed.path / "bin" / "feedvm"
    assert command.read_bytes()[:4] == b"\x7fELF", "not a Python wrapper"
    with zipfile.ZipFile(wheel) as archive:
        shipped = next(name for name in archive.namelist() if name.endswith(".data/scripts/feedvm"))
        assert command.read_bytes() == archive.read(shipped)
    version = installed.run([command, "--version"], cwd=tmp_path)
    assert version.returncode == 0 and version.stdout.startswith("feedvm "), version.stderr
    ping = subprocess.run([command], input='{"jsonrpc":"2.0","id":1,"method":"ping"}\n',
                          env=installed.environment(), capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert json.loads(ping.stdout) == {"jsonrpc": "2.0", "id": 1, "result": {}}, ping.stderr
    assert ping.returncode == 0


def _median_start_up(command, environment, cwd, runs=15):
    """The median wall time of ``command --version``, over ``runs`` runs after one warm-up."""
    times = []
    for _ in range(runs + 1):
        started = time.perf_counter()
        subprocess.run(command, env=environment, cwd=cwd, check=True, capture_output=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times[1:])


def test_feedvm_from_path_starts_within_twice_the_bare_binarys_time(installed, tmp_path, wheel):
    bare = tmp_path / "bare-feedvm"
    with zipfile.ZipFile(wheel) as archive:
        bare.write_bytes(archive.read(next(name for name in archive.namelist() if name.endswith(".data/scripts/feedvm"))))
    bare.chmod(0o755)
    environment = installed.environment()
    from_path = _median_start_up(["feedvm", "--version"], environment, tmp_path)
    direct = _median_start_up([str(bare), "--version"], environment, tmp_path)
    assert from_path <= 2 * direct + 0.002, f"feedvm from PATH: {from_path * 1000:.1f} ms, the bare binary: {direct * 1000:.1f} ms"
