"""Figure 8: the HTTP transport against curl, both on the same C keep-alive server.

- images: 200 PNGs of 42-460 KB loaded by pipelined ``loadImage`` (a fresh feedvm and disk cache
  under /tmp each round; the list is loaded first and not timed) against
  ``curl --parallel --parallel-max 6`` fetching the same URLs into files; rounds interleaved,
  the ratio is curl's time / feedvm's (throughput), median and range over the rounds; and the
  CPU each spends per image (feedvm: /proc of the process over the loads; curl: its rusage).
- reload: ``requestCommand {reload: true}`` of a 10-item page, request written -> response read
  (stamped before the write), against a bare ``curl`` GET of the same body on a kept-alive
  connection (curl's own ``time_total`` of each transfer after the first); interleaved blocks.
"""

import json
import os
import random
import resource
import shutil
import struct
import subprocess
import tempfile
import time
import zlib

from . import c_server
from .endtoend import reload_latencies
from .raw_client import RawServer
from .report import Row, milliseconds
from .stats import median, spread

SECTION = "8 transport"
IMAGE_COUNT = 200
PAGE_SIZE = 100


def png(width, height, rng):
    """A PNG of noise (so it does not compress): about width x height x 3 bytes."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\0" + rng.randbytes(width * 3) for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 1)) + chunk(b"IEND", b"")


def write_site(directory, count):
    """``count`` PNGs of 42-460 KB under img/, pages page1.json... of them, and reload.json."""
    rng = random.Random(20261202)
    os.makedirs(os.path.join(directory, "img"))
    sizes = [42_000 + (460_000 - 42_000) * index // max(1, count - 1) for index in range(count)]
    rng.shuffle(sizes)
    for index, size in enumerate(sizes):
        with open(os.path.join(directory, "img", f"{index}.png"), "wb") as image:
            image.write(png(256, max(1, size // (256 * 3)), rng))
    items = [{"id": f"i{index}", "title": f"Image {index}", "image": f"@BASE@/img/{index}.png"} for index in range(count)]
    for page in range(0, count, PAGE_SIZE):
        with open(os.path.join(directory, f"page{page // PAGE_SIZE + 1}.json"), "w") as out:
            json.dump({"items": items[page:page + PAGE_SIZE]}, out)
    with open(os.path.join(directory, "reload.json"), "w") as out:
        json.dump({"items": items[:10]}, out)
    return sum(os.path.getsize(os.path.join(directory, "img", f"{index}.png")) for index in range(count))


def custom_input(base, path):
    return {"source": "custom", "baseURL": base, "pageSize": PAGE_SIZE, "hud": False,
            "custom": {"url": "{baseURL}" + path, "items": "items",
                       "fields": {"id": "id", "title": "title", "imageURL": "image"}}}


def process_cpu_seconds(pid):
    """User + system CPU seconds of a running process, from /proc."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def feedvm_images(context, base, count):
    """(seconds, CPU seconds) of ``count`` pipelined loadImage of a fresh feedvm (cold cache,
    cold connections)."""
    with RawServer(context.feedvm_command()) as server:
        session = server.call("transform", {"input": custom_input(base, "page{page}.json")})["session"]
        result = server.call("requestCommand", {"session": session, "reload": True})
        while result["count"] < count:
            result = server.call("requestCommand", {"session": session, "reload": False})
        calls = [("loadImage", {"session": session, "index": index}) for index in range(count)]
        cpu = process_cpu_seconds(server.pid)
        start = time.perf_counter()
        answers = server.wait_for(server.write_many(calls))
        elapsed = max(line.arrived for line in answers.values()) - start
        cpu = process_cpu_seconds(server.pid) - cpu
    failed = [line.message["error"] for line in answers.values() if "error" in line.message]
    if failed:
        raise RuntimeError(f"loadImage: {len(failed)} failed, first {failed[0]}")
    return elapsed, cpu


def curl_images(base, count, scratch):
    """(seconds, CPU seconds) of ``curl --parallel --parallel-max 6`` fetching the same URLs into
    files."""
    folder = tempfile.mkdtemp(prefix="curl-", dir=scratch)
    config = os.path.join(folder, "urls.txt")
    with open(config, "w") as out:
        for index in range(count):
            out.write(f'url = "{base}img/{index}.png"\noutput = "{folder}/{index}.png"\n')
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(["curl", "--parallel", "--parallel-max", "6", "--no-progress-meter", "-K", config], check=True,
                   stdout=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if len(os.listdir(folder)) != count + 1:
        raise RuntimeError("curl did not write every file")
    # Kept until the end of the run, as feedvm's cache folders are: a folder removed between
    # rounds would leave recently freed inodes that the next contender's new files are
    # allocated among, a cost (ext4's recently_deleted scan) that fell on feedvm's rounds only.
    return elapsed, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def curl_gets(url, count):
    """curl's ``time_total`` of ``count`` GETs of ``url`` on one kept-alive connection (the first,
    which connects, is left out)."""
    command = ["curl", "-s", "-o", "/dev/null", "-w", "%{time_total}\n"]
    for _ in range(count + 1):
        command += [url, "-o", "/dev/null"]
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    return [float(value) for value in done.stdout.split()][1:]


def run(context):
    """The two figures, each with its peer and target."""
    if shutil.which("curl") is None:
        return [Row(SECTION, "images and reload vs curl", "", "curl", "not installed")]
    count = context.size(IMAGE_COUNT, 10)
    rounds = context.size(9, 1)
    site = tempfile.mkdtemp(prefix="site-", dir=context.scratch)
    total_bytes = write_site(site, count)
    server_binary = c_server.build(context.scratch)
    ratios, ours, theirs, our_cpu, their_cpu = [], [], [], [], []
    with c_server.StaticServer(server_binary, site) as server:
        for round_index in range(rounds):
            order = (("feedvm", "curl") if round_index % 2 == 0 else ("curl", "feedvm"))
            measured = {}
            for contender in order:
                measured[contender] = (feedvm_images(context, server.base, count) if contender == "feedvm"
                                       else curl_images(server.base, count, context.scratch))
            ours.append(measured["feedvm"][0])
            theirs.append(measured["curl"][0])
            our_cpu.append(measured["feedvm"][1])
            their_cpu.append(measured["curl"][1])
            ratios.append(measured["curl"][0] / measured["feedvm"][0])
        reload_ours, reload_theirs, block_added = [], [], []
        with RawServer(context.feedvm_command()) as feedvm:
            session = feedvm.call("transform", {"input": custom_input(server.base, "reload.json")})["session"]
            reload_latencies(feedvm, session, context.size(50, 2))  # warm up: connection, caches
            for _ in range(context.size(6, 1)):
                block_ours = reload_latencies(feedvm, session, context.size(50, 3))
                block_theirs = curl_gets(server.base + "reload.json", context.size(50, 3))
                block_added.append(median(block_ours) - median(block_theirs))
                reload_ours += block_ours
                reload_theirs += block_theirs
    shutil.rmtree(site)
    ratio, added = median(ratios), median(reload_ours) - median(reload_theirs)
    cpu_ratios = [mine / theirs for mine, theirs in zip(our_cpu, their_cpu)]
    megabytes = total_bytes / 1e6
    return [
        Row(SECTION, f"{count} images ({megabytes:.0f} MB), pipelined loadImage, median of {rounds} interleaved rounds",
            f"{megabytes / median(ours):,.0f} MB/s", "curl --parallel-max 6", f"{megabytes / median(theirs):,.0f} MB/s",
            f"{ratio:.2f}x", spread(ratios), ">= 0.80x", None if context.smoke else ratio >= 0.8,
            headline=f"{count} images loaded: speed against curl --parallel-max 6"),
        # Within each round, as every ratio here: the load on the machine moves both contenders.
        Row(SECTION, f"CPU per image (user + system), median of {rounds}", f"{median(our_cpu) / count * 1e3:.2f} ms",
            "curl --parallel-max 6", f"{median(their_cpu) / count * 1e3:.2f} ms", f"{median(cpu_ratios):.2f}x",
            spread(cpu_ratios), "<= 1.20x", None if context.smoke else median(cpu_ratios) <= 1.2),
        Row(SECTION, f"reload of a 10-item page, median of {len(reload_ours)} in {len(block_added)} interleaved blocks",
            milliseconds(median(reload_ours)), "bare curl GET (kept alive)", milliseconds(median(reload_theirs)),
            f"+{added * 1000:.3f} ms", spread([value * 1000 for value in block_added], " ms", 3), "<= +0.25 ms",
            None if context.smoke else added <= 0.00025, headline="reload of a page: time added to a bare curl GET"),
    ]
