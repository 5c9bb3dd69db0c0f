"""A one-line description of the machine a table was measured on."""

import datetime
import os
import platform


def cpu_model() -> str:
    """The CPU model name from /proc/cpuinfo (``unknown`` elsewhere)."""
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def load_average() -> str:
    """The 1-minute load average (how busy the shared machine was), or ``unknown``."""
    try:
        return f"{os.getloadavg()[0]:.1f}"
    except OSError:
        return "unknown"


def describe() -> str:
    """Date, core count, load, architecture and CPU model."""
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return f"{now}; nproc {os.cpu_count()}; load average {load_average()} at the start; {platform.machine()}; {cpu_model()}"
