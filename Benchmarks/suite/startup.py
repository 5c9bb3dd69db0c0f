"""Figure 2: start-up, timed the same way for every contender: spawn, one request line on stdin
(then end of input), read stdout to EOF, reap the process. feedvm answers a `ping`; the peer is
the least a Python program can do for one request: ``python3 -S -c`` that reads one line and
writes one answer (the equivalent of ``python3 -S -c pass`` for a line protocol).

Each round spawns every contender once in rotating order; the ratio is taken within a round and
reported as the median with its spread over the rounds."""

import subprocess
import sys
import time

from .report import Row, milliseconds, ratio
from .stats import median, spread

SECTION = "2 start-up"
PING = b'{"jsonrpc":"2.0","id":1,"method":"ping"}\n'
PYTHON_PEER = ("import sys; sys.stdin.buffer.readline(); "
               "sys.stdout.buffer.write(b'{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\\n')")
PEER_NAME = "python3 -S -c (one line in, one out)"


def spawn_to_exit_seconds(command):
    """Seconds from spawn until one request is answered and the process has exited."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    output, _ = process.communicate(PING)
    elapsed = time.perf_counter() - start
    if process.returncode != 0 or output.count(b"\n") != 1:
        raise RuntimeError(f"{command[0]} answered {output!r} with status {process.returncode}")
    return elapsed


def run(context):
    """The default release build (the Swift runtime linked in) against the Python peer."""
    rounds = context.size(31, 2)
    builds = [("feedvm", context.feedvm_command())]
    contenders = builds + [("python", [sys.executable, "-S", "-c", PYTHON_PEER])]
    samples = {name: [] for name, _ in contenders}
    for round_index in range(rounds):
        shift = round_index % len(contenders)
        for name, command in contenders[shift:] + contenders[:shift]:
            samples[name].append(spawn_to_exit_seconds(command))
    peer = samples["python"]
    rows = []
    for name, _ in builds:
        ratios = [ours / theirs for ours, theirs in zip(samples[name], peer)]
        rows.append(Row(SECTION, f"{name}: spawn -> one answer -> exit, median of {rounds} rounds",
                        milliseconds(median(samples[name])), PEER_NAME, milliseconds(median(peer)),
                        ratio(median(ratios)), spread(ratios), "<= 1.00x",
                        None if context.smoke else median(ratios) <= 1.0,
                        headline="start-up to first answer (default release build)"))
    return rows
