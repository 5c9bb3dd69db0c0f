"""Image cache failures: an image either comes with its cache file or fails.

When the cache directory is unusable or the disk is full, ``loadImage`` answers -32003 with
``data.reason: "cacheUnavailable"`` and a message naming the cause; ``imageDownloaded`` carries
the error; no image is ever sent with ``path: null``; no ``.partial-*`` file is left behind;
page loads go on working. A cache directory removed while feedvm runs is made again.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any, Iterator, List

import pytest

from reliability_session import FeedSession, Outcome
from reliability_wire import FeedvmProcess

IMAGE_FAILED = -32003


def images_without_a_path(process: FeedvmProcess) -> List[Any]:
    """Every image object in the output whose ``path`` is missing or not a string."""
    found = []
    for message in process.messages:
        for image in (message.get("result"), (message.get("params") or {}).get("image")):
            if isinstance(image, dict) and "mimeType" in image and not isinstance(image.get("path"), str):
                found.append(image)
    return found


def cache_failure(outcome: Outcome, cause: str) -> None:
    error = outcome.error
    assert error is not None and error["code"] == IMAGE_FAILED, outcome.response
    assert error["data"]["reason"] == "cacheUnavailable", error
    assert cause in error["message"], error
    downloaded = outcome.params_of("imageDownloaded")
    assert len(downloaded) == 1 and downloaded[0]["image"] is None and downloaded[0]["error"]["code"] == IMAGE_FAILED


def leftovers(directory: Path) -> List[str]:
    return sorted(path.name for path in directory.rglob("*") if ".partial-" in path.name) if directory.exists() else []


def test_an_unusable_cache_directory_fails_image_loads_with_the_cause(feed_methods: str, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    with FeedvmProcess(feed_methods, ["--cache-dir", str(blocker / "cache")]) as process:
        session = FeedSession(process, {"source": "stub"})
        assert session.reload().error is None
        cache_failure(session.run("loadImage", index=0), "Not a directory")
        assert session.reload().error is None, "pages still load"
        assert images_without_a_path(process) == []
        assert process.finish() == 0
        assert "unusable" in process.stderr_text()


def test_a_full_disk_fails_image_loads_and_leaves_no_partial_file(feed_methods: str, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    # A file size limit of a few KiB (SIGXFSZ ignored): every cache write stops midway with
    # EFBIG, as on a disk that fills up during the write. Stub images are 2 to 13 KB.
    script = "trap '' XFSZ; ulimit -f 1; exec \"$0\" \"$@\""
    with FeedvmProcess("/bin/sh", ["-c", script, feed_methods, "--cache-dir", str(cache)]) as process:
        session = FeedSession(process, {"source": "stub"})
        assert session.reload().error is None
        for index in range(3):
            cache_failure(session.run("loadImage", index=index), "File too large")
        assert leftovers(cache) == []
        assert images_without_a_path(process) == []
        assert process.call("ping") == {}


@pytest.fixture
def tiny_tmpfs(tmp_path: Path) -> Iterator[Path]:
    """A 512 KiB tmpfs (root only; skips elsewhere), unmounted afterwards: room for the first
    few of the stub's images (74 to 500 KB each), not for twenty."""
    mount_point = tmp_path / "tiny"
    mount_point.mkdir()
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a tmpfs needs root")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", str(mount_point)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode(errors='replace').strip()}")
    try:
        yield mount_point
    finally:
        subprocess.run(["umount", str(mount_point)], check=True)


def test_a_disk_that_fills_up_fails_later_loads_with_enospc(feed_methods: str, tiny_tmpfs: Path) -> None:
    cache = tiny_tmpfs / "cache"
    with FeedvmProcess(feed_methods, ["--cache-dir", str(cache)]) as process:
        session = FeedSession(process, {"source": "stub", "pageSize": 20})
        assert session.reload().error is None
        outcomes = [session.run("loadImage", index=index) for index in range(20)]
        loaded = [outcome for outcome in outcomes if outcome.error is None]
        failed = [outcome for outcome in outcomes if outcome.error is not None]
        assert loaded and failed, "some images fit in 512 KiB, the rest do not"
        for outcome in failed:
            cache_failure(outcome, "No space left on device")
        for outcome in loaded:
            assert Path(outcome.result["path"]).is_file()
        assert leftovers(cache) == []
        assert images_without_a_path(process) == []
        assert process.finish() == 0


def test_a_cache_directory_removed_while_running_is_made_again(feed_methods: str, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    with FeedvmProcess(feed_methods, ["--cache-dir", str(cache)]) as process:
        session = FeedSession(process, {"source": "stub"})
        assert session.reload().error is None
        assert session.run("loadImage", index=0).error is None
        shutil.rmtree(cache)
        outcome = session.run("loadImage", index=1)
        assert outcome.error is None, outcome.response
        assert Path(outcome.result["path"]).is_file()
