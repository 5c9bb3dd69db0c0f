"""Figure 1: pipelined `ping` throughput through stdin/stdout, against the limit of a line
protocol and against peers, in interleaved rounds.

Each contender gets the same file of N ping requests on stdin (one per line); its stdout is
read through a pipe by ``wc -l`` until EOF, counting answer lines. Time is wall clock from spawn to the end
of the output, so start-up is included for everyone. Each round runs every contender once, in
a rotating order; the ratios are taken within a round and reported as their median and spread.

- limit: a C line responder (``line_responder.c``, built here with ``cc -O2``): reads lines,
  writes one answer per line echoing the id, one write per read, as feedvm does; no JSON work.
- node: one ``JSON.parse``/``JSON.stringify`` per line, the answers of each input chunk joined
  into one ``write`` (with back-pressure): the strongest plain node loop.
- python: ``for line in sys.stdin``, ``json.loads``/``json.dumps``, buffered stdout.

feedvm also runs with the same pings framed as editors send them (LSP base protocol,
``Content-Length`` headers), answering framed.

These rows are information, not targets: a ping takes the path every request takes (one
parser, no method-specific shortcut); the targets are on what a front end calls on every scroll
(section 11).
"""

import fcntl
import os
import shutil
import subprocess
import sys
import time

from .report import Row, ratio
from .stats import median, spread

SECTION = "1 ping"
LIMIT_SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "line_responder.c")

NODE_PEER = r"""
let pending = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  const lines = (pending + chunk).split('\n');
  pending = lines.pop();
  let out = '';
  for (const line of lines) {
    if (!line.trim()) continue;
    const m = JSON.parse(line);
    out += JSON.stringify({ jsonrpc: '2.0', id: m.id, result: {} }) + '\n';
  }
  if (out && !process.stdout.write(out)) {
    process.stdin.pause();
    process.stdout.once('drain', () => process.stdin.resume());
  }
});
process.stdin.on('end', () => {
  if (pending.trim()) process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: JSON.parse(pending).id, result: {} }) + '\n');
});
"""

PYTHON_PEER = r"""
import json, sys
out = sys.stdout
for line in sys.stdin:
    if not line.strip():
        continue
    m = json.loads(line)
    out.write(json.dumps({"jsonrpc": "2.0", "id": m["id"], "result": {}}) + "\n")
out.flush()
"""

LIMIT = "C line responder"
#: The limit and the peers, in the order the rows show them.
PEERS = (LIMIT, "node", "python")
#: README.md's names for the rows it shows.
HEADLINES = {"node": "{count:,} pipelined pings: speed-up over node (batched writes)"}


def build_limit(scratch):
    """The C line responder built into ``scratch``, or ``None`` without a C compiler."""
    compiler = shutil.which("cc") or shutil.which("clang") or shutil.which("gcc")
    if compiler is None:
        return None
    binary = os.path.join(scratch, "line-responder")
    subprocess.run([compiler, "-O2", "-o", binary, LIMIT_SOURCE], check=True)
    return binary


FRAMED = "feedvm framed"
"""The contender that speaks Content-Length framing."""


def contenders(feedvm, scratch):
    """``(name, command)`` of feedvm (both framings), the limit and the peers available here."""
    found = [("feedvm", [feedvm]), (FRAMED, [feedvm])]
    limit = build_limit(scratch)
    if limit:
        found.append((LIMIT, [limit]))
    if shutil.which("node"):
        found.append(("node", ["node", "-e", NODE_PEER]))
    found.append(("python", [sys.executable, "-c", PYTHON_PEER]))
    return found


def write_requests(path, count, framed=False):
    """Writes ``count`` ping requests to ``path``: lines, or Content-Length framed messages."""
    bodies = (b'{"jsonrpc":"2.0","id":%d,"method":"ping"}' % index for index in range(count))
    with open(path, "wb") as requests:
        if framed:
            requests.write(b"".join(b"Content-Length: %d\r\n\r\n%s" % (len(body), body) for body in bodies))
        else:
            requests.write(b"".join(body + b"\n" for body in bodies))


#: Linux's F_SETPIPE_SZ (Python 3.10+ names it ``fcntl.F_SETPIPE_SZ``).
SET_PIPE_SIZE = getattr(fcntl, "F_SETPIPE_SZ", 1031)


def time_once(command, input_path, expected, framed=False):
    """Seconds from spawn to EOF of ``command``'s answers to the requests in ``input_path``.

    The answers are counted by ``wc -l`` reading the contender's stdout through a 1 MiB pipe:
    one ``\\n`` per answer line, two per framed answer (its header's line ends; a compact JSON
    body has none). A C reader takes far less of the 2 cores from the contender than a Python
    loop did (which cost framed answers, 37% more bytes, up to a third more time), and every
    contender gets the same reader and pipe."""
    with open(input_path, "rb") as stdin:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        try:
            fcntl.fcntl(process.stdout.fileno(), SET_PIPE_SIZE, 1 << 20)
        except OSError:
            pass  # a lower pipe-max-size: the default pipe, for everyone alike
        counter = subprocess.Popen(["wc", "-l"], stdin=process.stdout, stdout=subprocess.PIPE)
        process.stdout.close()  # wc holds the pipe now
        counted, _ = counter.communicate()
        elapsed = time.perf_counter() - start
        process.wait()
    answers = int(counted.split()[0]) // (2 if framed else 1)
    if answers != expected:
        raise RuntimeError(f"{command[0]}: {answers} answers for {expected} requests")
    return elapsed


def measure(feedvm, count, rounds, scratch):
    """``{name: [seconds per round]}``, every contender once per round, in rotating order."""
    input_path = os.path.join(scratch, "pings.jsonl")
    framed_path = os.path.join(scratch, "pings.framed")
    write_requests(input_path, count)
    write_requests(framed_path, count, framed=True)
    found = contenders(feedvm, scratch)
    times = {name: [] for name, _ in found}
    for round_index in range(rounds):
        shift = round_index % len(found)
        for name, command in found[shift:] + found[:shift]:
            if name == FRAMED:
                times[name].append(time_once(command, framed_path, count, framed=True))
            else:
                times[name].append(time_once(command, input_path, count))
    os.unlink(input_path)
    os.unlink(framed_path)
    return times


def run(context):
    """feedvm's rate, its fraction of the limit, its speed-up over each peer."""
    count = context.size(1_000_000, 200)
    rounds = context.size(5, 1)
    times = measure(context.feedvm, count, rounds, context.scratch)
    ours = times["feedvm"]
    rows = [Row(SECTION, f"{count:,} pipelined pings, median of {rounds} rounds",
                f"{count / median(ours):,.0f} pings/s", "", "", "", spread([count / t / 1e6 for t in ours], " M/s"))]
    for peer in PEERS:
        if peer not in times:
            rows.append(Row(SECTION, f"speed vs {peer}", "", peer, "not available"))
            continue
        speedups = [theirs / mine for theirs, mine in zip(times[peer], ours)]
        label = "fraction of the limit" if peer == LIMIT else f"speed-up vs {peer}"
        rows.append(Row(SECTION, label, f"{median(ours):.3f} s", peer, f"{median(times[peer]):.3f} s",
                        ratio(median(speedups)), spread(speedups),
                        headline=HEADLINES.get(peer, "").format(count=count) or None))
    framed = times[FRAMED]
    framed_costs = [theirs / mine for theirs, mine in zip(framed, ours)]
    rows.append(Row(SECTION, "Content-Length framed pings", f"{median(framed):.3f} s", "feedvm newline",
                    f"{median(ours):.3f} s", ratio(median(framed_costs)), spread(framed_costs)))
    if LIMIT in times:
        framed_speeds = [theirs / mine for theirs, mine in zip(times[LIMIT], framed)]
        rows.append(Row(SECTION, "framed: fraction of the limit", f"{median(framed):.3f} s", LIMIT,
                        f"{median(times[LIMIT]):.3f} s", ratio(median(framed_speeds)), spread(framed_speeds)))
    return rows
