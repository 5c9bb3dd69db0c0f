"""scripts/demo.py prints one readable line per message by default, each page as the items it
adds (incremental sections); with --full, every line exactly as exchanged, byte for byte."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT


def built_feedvm() -> str:
    for candidate in (os.environ.get("FEEDVM_BIN"), ROOT / ".build/release/feedvm", ROOT / ".build/debug/feedvm"):
        if candidate and os.access(candidate, os.X_OK):
            return str(candidate)
    pytest.skip("feedvm is not built: run `swift build -c release`")
    raise AssertionError  # unreachable


def run_demo(tmp_path: Path, *arguments: str):
    """Runs the demo through a wiretap that records both directions of the real conversation;
    returns the printed lines and the lines sent and received."""
    wiretap = tmp_path / "feedvm-wiretap"
    wiretap.write_text(f'#!/bin/sh\ntee "{tmp_path}/sent" | "{built_feedvm()}" "$@" | tee "{tmp_path}/received"\n')
    wiretap.chmod(0o755)
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "demo.py"), "--binary", str(wiretap), *arguments],
                          capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr.decode()
    return (done.stdout.splitlines(), (tmp_path / "sent").read_bytes().splitlines(),
            (tmp_path / "received").read_bytes().splitlines())


def test_full_prints_the_bytes_on_the_pipes(tmp_path):
    printed, sent, received = run_demo(tmp_path, "--full")
    assert [line[3:] for line in printed if line.startswith(b">> ")] == sent
    assert [line[3:] for line in printed if line.startswith(b"<< ")] == received
    assert any(b'"method":"sections"' in line for line in printed)


def test_by_default_each_message_is_one_short_readable_line(tmp_path):
    printed, sent, received = run_demo(tmp_path)
    text = [line.decode() for line in printed]
    assert len([line for line in text if line.startswith(">> ")]) == len(sent)
    assert len([line for line in text if line.startswith("<< ")]) == len(received)
    assert all(len(line) <= 160 for line in text), max(text, key=len)
    assert sum(len(line) + 1 for line in printed) < 4000
    # Requests and answers are paired by id; notifications are named.
    assert text[0].startswith(">> #1 initialize ")
    assert any(line.startswith("<< #1 {") for line in text)
    assert "<< refreshStatus beingHeaderRefresh · refresh loading, append idle" in text
    assert "<< refreshStatus noMoreData · refresh idle, append endOfList (totalReached)" in text
    assert '<< hud success "Load successful"' in text
    # The list is never sent whole again: each page is the items it adds.
    pages = [line for line in text if line.startswith("<< sections ")]
    assert pages == ["<< sections s1 revision 1: +10 items (welfare-1 … welfare-10), 10 in all",
                     "<< sections s1 revision 2: +10 items (welfare-11 … welfare-20), 20 in all",
                     "<< sections s1 revision 3: +5 items (welfare-21 … welfare-25), 25 in all"]
    notifications = [json.loads(line) for line in received if b'"method":"sections"' in line]
    assert notifications and all("changes" in message["params"] for message in notifications)
    assert text[-1].startswith("-- 25 items on 3 pages; first image 192x128 image/png")


def test_long_values_are_cut_where_they_are_long(tmp_path):
    printed, _, received = run_demo(tmp_path, "--total", "8")
    text = [line.decode() for line in printed]
    # loadImage's answer names the image's cache file by a long path: its middle gives way to "…".
    request = next(line for line in text if " loadImage " in line).split()[1]
    answer = next(line for line in text if line.startswith(f"<< {request} "))
    number = int(request[1:])
    path = next(json.loads(line)["result"]["path"] for line in received if json.loads(line).get("id") == number)
    assert path not in answer and f'file "{path[:19]}…{path[-19:]}"' in answer, answer
