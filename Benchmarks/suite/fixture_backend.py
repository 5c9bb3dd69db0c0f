"""The fixture backend (``python -m feedvm.fixtures``) in its own process, so its Python work
never competes with the measuring client for one interpreter, plus one figure the stock
``/_stats`` lacks: the peak number of requests in flight per route (``"inFlightPeak"``), which
shows whether feedvm's download concurrency limit holds.

Run as a script it serves until killed and prints its URL first, like the stock command.
"""

import json
import os
import subprocess
import sys
import threading
import urllib.request

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from suite.paths import PYTHON_CLIENT, import_python_client  # noqa: E402


class FixtureProcess:
    """Starts the backend with ``config`` (FixtureConfig keys); a context manager."""

    def __init__(self, config=None, prewarm_images=False) -> None:
        environment = dict(os.environ, PYTHONPATH=PYTHON_CLIENT)
        self.process = subprocess.Popen(
            [sys.executable, os.path.abspath(__file__), json.dumps(config or {})]
            + (["--prewarm-images"] if prewarm_images else []),
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=environment, text=True)
        first = self.process.stdout.readline().split()
        if not first:
            raise RuntimeError("the fixture backend did not start")
        #: ``http://127.0.0.1:PORT``
        self.url = first[-1]

    def __enter__(self) -> "FixtureProcess":
        return self

    def __exit__(self, *exc_info) -> None:
        self.process.terminate()
        self.process.wait()
        self.process.stdout.close()

    def stats(self):
        """``{"routes": {route: n}, "total": n, "inFlightPeak": {route: n}}``."""
        with urllib.request.urlopen(self.url + "/_stats") as answer:
            return json.load(answer)

    def reset(self) -> None:
        """Zeroes the counters and the peaks."""
        request = urllib.request.Request(self.url + "/_reset", data=b"{}", method="POST")
        with urllib.request.urlopen(request) as answer:
            answer.read()

    def set_fault(self, **fault):
        """Injects a fault (`POST /_faults`, the keys of feedvm.fixtures.faults.Fault)."""
        request = urllib.request.Request(self.url + "/_faults", data=json.dumps(fault).encode(), method="POST")
        with urllib.request.urlopen(request) as answer:
            answer.read()

    def gank_input(self, **members):
        """A `transform` input of the gank source against this backend."""
        return {"source": "gank", "baseURL": self.url + "/gank/api/data/", **members}


def _serve(config, prewarm_images) -> None:
    """Serves with in-flight tracking added to the stock handler and statistics."""
    import_python_client()
    from feedvm.fixtures import image_route, server as fixture_server
    from feedvm.fixtures.state import FixtureState

    lock = threading.Lock()
    in_flight, peaks = {}, {}
    route_of = fixture_server.route_for
    serve, stats, reset = fixture_server._Handler._serve, FixtureState.stats, FixtureState.reset

    def tracked_serve(handler):
        found = route_of(handler.path.split("?")[0])
        route = found[0] if found else None
        if route is not None:
            with lock:
                in_flight[route] = in_flight.get(route, 0) + 1
                peaks[route] = max(peaks.get(route, 0), in_flight[route])
        try:
            serve(handler)
        finally:
            if route is not None:
                with lock:
                    in_flight[route] -= 1

    def tracked_stats(state):
        answer = stats(state)
        with lock:
            answer["inFlightPeak"] = dict(peaks)
        return answer

    def tracked_reset(state):
        reset(state)
        with lock:
            peaks.clear()

    # The stock pixel generator is pure Python (~150 ms per PNG): measured as it is, every image
    # figure would time the backend. Bytes are memoized per format and size instead (the seed
    # only picks colours), so URLs stay distinct and the backend answers in well under 1 ms.
    generate = image_route.encode
    memo = {}

    def memoized_encode(kind, width, height, seed):
        key = (kind, width, height)
        if key not in memo:
            memo[key] = generate(kind, width, height, 0)
        return memo[key]

    image_route.encode = memoized_encode
    if prewarm_images:  # every natural size of the catalog (catalog.image_size), PNG, GIF and JPEG
        for width in range(120, 281, 40):
            for height in range(90, 211, 30):
                for kind in ("png", "gif", "jpg"):
                    memoized_encode(kind, width, height, 0)
    fixture_server._Handler._serve = tracked_serve
    FixtureState.stats = tracked_stats
    FixtureState.reset = tracked_reset
    # A listen backlog of 5 (socketserver's default) would drop the SYNs of a burst of
    # downloads and add 1 s retransmits to the figures.
    fixture_server._FixtureHTTPServer.request_queue_size = 1024
    # The stock handler writes headers and body separately; with Nagle on, the body waits for
    # the client's delayed ACK (40 ms on Linux) and every figure would measure that timer.
    fixture_server._Handler.disable_nagle_algorithm = True
    server = fixture_server.FixtureServer(config=config)
    print(f"feedvm fixtures serving {server.url}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    _serve(json.loads(sys.argv[1]) if len(sys.argv) > 1 else {}, "--prewarm-images" in sys.argv)
