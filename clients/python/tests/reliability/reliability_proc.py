"""What ``/proc`` says about a feedvm process: memory, open descriptors, whether it still runs."""

from __future__ import annotations

import os
from typing import IO, List, Optional


def pipe(stream: Optional[IO[bytes]]) -> IO[bytes]:
    """A stream of a process started with ``subprocess.PIPE`` for it (never ``None`` then)."""
    assert stream is not None, "the process was not started with this pipe"
    return stream


def _status_bytes(pid: int, field: str) -> int:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    raise AssertionError(f"no {field} for pid {pid}")


def resident_bytes(pid: int) -> int:
    """VmRSS of a process (its memory now), from ``/proc/PID/status``."""
    return _status_bytes(pid, "VmRSS")


def peak_resident_bytes(pid: int) -> int:
    """VmHWM of a process: the highest VmRSS it ever had, as the kernel counted it (no sampling)."""
    return _status_bytes(pid, "VmHWM")


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process, from ``/proc/PID/stat``."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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

