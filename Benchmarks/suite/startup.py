"""Figure 2: start-up, from spawn to the first response (a `ping`), against the time
`python3 -S -c pass` takes from spawn to exit. Median of >= 15 spawns each, interleaved."""

import os
import subprocess
import sys
import time

from .report import Row, milliseconds, ratio
from .stats import median

SECTION = "2 start-up"
PING = b'{"jsonrpc":"2.0","id":1,"method":"ping"}\n'


def first_response_seconds(command):
    """Seconds from spawn until the first answer line arrives (stdin stays open until then)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, bufsize=0)
    process.stdin.write(PING)
    received = b""
    while b"\n" not in received:
        chunk = os.read(process.stdout.fileno(), 4096)
        if not chunk:
            raise RuntimeError(f"{command[0]} exited before answering")
        received += chunk
    elapsed = time.perf_counter() - start
    process.stdin.close()
    process.wait()
    process.stdout.close()
    return elapsed


def exit_seconds(command):
    """Seconds from spawn to exit."""
    start = time.perf_counter()
    subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def run(context):
    """Dynamic build, and the static-stdlib build when present, against `python3 -S -c pass`."""
    repeats = context.size(21, 2)
    builds = [("feedvm", context.feedvm_command())]
    if context.static_feedvm:
        builds.append(("feedvm --static-swift-stdlib",
                       [context.static_feedvm] + context.feedvm_command()[1:]))
    python = [sys.executable, "-S", "-c", "pass"]
    samples = {name: [] for name, _ in builds}
    python_samples = []
    for _ in range(repeats):
        for name, command in builds:
            samples[name].append(first_response_seconds(command))
        python_samples.append(exit_seconds(python))
    peer = median(python_samples)
    rows = []
    for name, _ in builds:
        ours = median(samples[name])
        rows.append(Row(SECTION, f"{name}: spawn to first response, median of {repeats}",
                        milliseconds(ours), "python3 -S -c pass", milliseconds(peer),
                        ratio(ours / peer), "<= 1.00x", None if context.smoke else ours <= peer))
    return rows
