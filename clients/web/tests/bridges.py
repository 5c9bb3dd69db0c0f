"""Bridges for the browser tests: ``running_bridge(*arguments)`` starts ``server.mjs`` on a free
port with a private cache and the repository's feedvm (or ``$FEEDVM_BIN``)."""

import contextlib
import os
import pathlib
import shutil
import subprocess
import tempfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


def feedvm_binary() -> str:
    explicit = os.environ.get("FEEDVM_BIN")
    for candidate in ([explicit] if explicit else []) + [
            str(ROOT / ".build" / "debug" / "feedvm"), str(ROOT / ".build" / "release" / "feedvm")]:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    pytest.fail("feedvm is not built: run `swift build` or set FEEDVM_BIN")


@contextlib.contextmanager
def running_bridge(*arguments):
    """A bridge on a free port with a private cache and ``arguments``; yields its URL. Checks it
    stops cleanly and leaves no feedvm behind."""
    cache = tempfile.mkdtemp(prefix="feedvm-web-test-")
    process = subprocess.Popen(
        ["node", str(ROOT / "clients" / "web" / "server.mjs"), "--port", "0", "--feedvm", feedvm_binary(),
         "--cache-dir", cache, *arguments], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    url = process.stdout.readline().strip()
    assert url.startswith("http://127.0.0.1:"), process.stderr.read()
    try:
        yield url
    finally:
        children = subprocess.run(["pgrep", "-P", str(process.pid)], capture_output=True, text=True).stdout.split()
        process.terminate()
        assert process.wait(15) == 0
        for pid in children:
            assert not pathlib.Path(f"/proc/{pid}").exists() or "zombie" in pathlib.Path(f"/proc/{pid}/status").read_text().lower()
        shutil.rmtree(cache, ignore_errors=True)
