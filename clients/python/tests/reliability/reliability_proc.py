"""What ``/proc`` says about a feedvm process: memory, open descriptors, whether it still runs."""

from __future__ import annotations

import os
from typing import IO, List, Optional


def pipe(stream: Optional[IO[bytes]]) -> IO[bytes]:
    """A stream of a process started with ``subprocess.PIPE`` for it (never ``None`` then)."""
    assert stream is not None, "the process was not started with this pipe"
    return stream


def resident_bytes(pid: int) -> int:
    """VmRSS of a process, from ``/proc/PID/status``."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise AssertionError(f"no VmRSS for pid {pid}")


def open_descriptors(pid: int) -> List[str]:
    """The targets of a process's open file descriptors, from ``/proc/PID/fd``."""
    found = []
    for name in os.listdir(f"/proc/{pid}/fd"):
        try:
            found.append(os.readlink(f"/proc/{pid}/fd/{name}"))
        except OSError:
            pass
    return found


def process_gone(pid: int) -> bool:
    """True when ``pid`` no longer runs (absent, or a zombie awaiting its reaper)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return True
    return fields[0] in ("Z", "X")

