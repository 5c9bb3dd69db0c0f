"""Callgrind profiles of the benchmark scenarios: the same code paths as the figures, run under
`valgrind --tool=callgrind`, reported as instruction shares (load on the machine does not
change them). Used by ``Benchmarks/profile.py``."""

import glob
import os
import re
import subprocess
import tempfile

from . import c_server, endtoend, images, paging, transport
from .context import Context
from .fixture_backend import FixtureProcess
from .raw_client import RawServer


class ProfiledContext(Context):
    """A context whose feedvm runs under callgrind, writing its profile into the scratch folder."""

    def feedvm_command(self, *flags):
        output = os.path.join(self.scratch, "callgrind.out.%p")
        return ["valgrind", "--tool=callgrind", f"--callgrind-out-file={output}"] + super().feedvm_command(*flags)

    def profiles(self):
        """The profiles written so far, newest last."""
        return sorted(glob.glob(os.path.join(self.scratch, "callgrind.out.*")), key=os.path.getmtime)


def startup(context):
    """Spawn, one ping, exit."""
    with RawServer(context.feedvm_command()) as server:
        server.call("ping")


def ping(context, count=20_000):
    """``count`` pipelined pings."""
    with RawServer(context.feedvm_command()) as server:
        server.wait_for(server.write_many([("ping", None)] * count))


def paging_incremental(context):
    """One incremental session paged to 10,000 items (20 a page), as section 3 does."""
    with RawServer(context.feedvm_command()) as server:
        server.call("initialize", {"capabilities": {"sections": {"incremental": True}}})
        paging.page_through(server, 10_000, 20, True, range(0), range(0))


def end_to_end(context):
    """100 reloads of a gank session against the fixture backend."""
    with FixtureProcess() as backend:
        endtoend.feedvm_latencies(context, backend, 100)


def image_loads(context):
    """200 distinct images loaded through the fixture backend."""
    with FixtureProcess({"total": 200}, prewarm_images=True) as backend, \
            RawServer(context.feedvm_command()) as server:
        images.throughput(server, backend, 200)


def c_server_site(context, count):
    """The C server of figure 8 over a fresh site of ``count`` images."""
    site = tempfile.mkdtemp(prefix="site-", dir=context.scratch)
    transport.write_site(site, count)
    return c_server.StaticServer(c_server.build(context.scratch), site)


def reloads(context, count=300):
    """``count`` reloads of a 10-item custom page from the C server (figure 8's reload)."""
    with c_server_site(context, 10) as server, RawServer(context.feedvm_command()) as feedvm:
        session = feedvm.call("transform", {"input": transport.custom_input(server.base, "reload.json")})["session"]
        transport.feedvm_reloads(feedvm, session, count)


def transport_images(context):
    """200 images of 42-460 KB from the C server (figure 8's images)."""
    with c_server_site(context, 200) as server:
        transport.feedvm_images(context, server.base, 200)


SCENARIOS = {"startup": startup, "ping": ping, "paging": paging_incremental,
             "endtoend": end_to_end, "images": image_loads, "reload": reloads, "transport-images": transport_images}


def paging_scale(context, total=10_000, page_size=20, span=25):
    """Instructions per load-more of the first ``span`` load-mores (pages 2-26) and the last
    (pages 476-500) of one incremental session paged to ``total`` items: `callgrind_control`
    zeroes the counters before each range and dumps them after it. Returns ``{range: count}``."""
    pages = total // page_size
    ranges = [range(2, 2 + span), range(pages - span + 1, pages + 1)]
    counts = {}
    with RawServer(context.feedvm_command()) as server:
        def control(flag):
            subprocess.run(["callgrind_control", flag, str(server.pid)], check=True, capture_output=True)

        server.call("initialize", {"capabilities": {"sections": {"incremental": True}}})
        session = server.call("transform", {"input": {"source": "stub", "total": total, "pageSize": page_size,
                                                      "hud": False}})["session"]
        server.call("requestCommand", {"session": session, "reload": True})
        for page in range(2, pages + 1):
            if any(page == chosen.start for chosen in ranges):
                control("--zero")
            server.call("requestCommand", {"session": session, "reload": False})
            server.notifications.clear()
            for chosen in ranges:
                if page == chosen.stop - 1:
                    control("--dump")
                    counts[chosen] = _dumped_total(context.profiles()[-1]) / len(chosen)
    return counts


def _dumped_total(profile):
    """The instruction total of one callgrind dump."""
    with open(profile) as lines:
        for line in lines:
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    raise ValueError(f"no totals in {profile}")

_LINE = re.compile(r"^\s*([\d,]+) \(\s*([\d.]+)%\)\s+(.*)$")


def annotate(profile, top):
    """(total instructions, ``top`` functions by exclusive share, ``top`` of ours by inclusive share)."""
    def rows(*flags):
        output = subprocess.run(["callgrind_annotate", *flags, profile], capture_output=True, text=True,
                                check=True).stdout
        found = []
        for line in output.splitlines():
            match = _LINE.match(line)
            if match:
                found.append((int(match.group(1).replace(",", "")), float(match.group(2)), match.group(3)))
        return found
    exclusive = rows()
    total = exclusive[0][0]
    ours = sorted((row for row in rows("--inclusive=yes") if "/Sources/" in row[2] and "<compiler-generated>" not in row[2]),
                  key=lambda row: -row[0])
    return total, exclusive[1:top + 1], ours[:top]


def shorten(symbols, width=150):
    """Function columns without the binary's path, file paths from Sources/ on, Swift names
    demangled (`swift demangle --simplified`) and cut to ``width`` characters."""
    cleaned = [re.sub(r"^.*?/Sources/", "Sources/", re.sub(r" \[[^\]]*\]$", "", symbol)) for symbol in symbols]
    try:
        demangled = subprocess.run(["swift", "demangle", "--simplified", "--compact"], input="\n".join(cleaned),
                                   capture_output=True, text=True, check=True).stdout.splitlines()
        if len(demangled) == len(cleaned):
            cleaned = demangled
    except (OSError, subprocess.CalledProcessError):
        pass  # mangled names are still exact
    return [name if len(name) <= width else name[:width - 3] + "..." for name in cleaned]
