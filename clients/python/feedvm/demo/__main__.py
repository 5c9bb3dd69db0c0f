"""``python -m feedvm.demo [--fixtures [gank|unsplash] | --input JSON] [--binary PATH] [--print-ready]``."""

import argparse
import json
import signal
import sys
import tempfile
from typing import List, Optional

try:
    import tkinter as tk
except ImportError:  # a Python built without Tk
    sys.exit("feedvm.demo: this Python has no tkinter (Debian/Ubuntu: apt install python3-tk)")

from ..client import Client
from ..errors import BinaryNotFound
from ..input_types import Input
from .app import FeedWindow
from .bridge import ClientBridge

STUB_CATEGORIES = ["all", "Android", "iOS", "welfare"]


def main(argv: Optional[List[str]] = None) -> int:
    """Open the window; returns the process exit code."""
    parser = argparse.ArgumentParser(prog="python -m feedvm.demo", description=__doc__)
    parser.add_argument("--fixtures", nargs="?", const="gank", choices=["gank", "unsplash"],
                        help="run against the fixture backend instead of the stub source: its gank dialect "
                             "(PNG and GIF, the default) or its Unsplash dialect (JPEG photos)")
    parser.add_argument("--input", help="a transform input (JSON) to show, e.g. a custom source")
    parser.add_argument("--binary", help="feedvm executable (default: see feedvm.find_binary)")
    parser.add_argument("--stub-delay-ms", type=int, default=None, help="passed to feedvm")
    parser.add_argument("--print-ready", action="store_true",
                        help="print a JSON line when the first visible thumbnails are drawn")
    options = parser.parse_args(argv)
    try:
        root = tk.Tk()  # first: without a display, say so before starting anything
    except tk.TclError as error:
        print(f"feedvm.demo: cannot open a window ({error}); run it in a desktop session "
              "or under Xvfb (xvfb-run python -m feedvm.demo)", file=sys.stderr)
        return 2
    root.withdraw()
    cache = tempfile.TemporaryDirectory(prefix="feedvm-demo-")
    args = ["--cache-dir", cache.name]
    if options.stub_delay_ms is not None:
        args += ["--stub-delay-ms", str(options.stub_delay_ms)]
    try:
        client = Client(binary=options.binary, args=args)
    except BinaryNotFound as error:
        print(f"feedvm.demo: {error}", file=sys.stderr)
        root.destroy()
        cache.cleanup()
        return 2

    fixtures = None
    feed_input: Input = {"source": "stub", "category": "all", "pageSize": 12}
    categories = STUB_CATEGORIES
    if options.fixtures:
        from ..fixtures import CATEGORIES, FixtureServer
        fixtures = FixtureServer().start()
        # Latin names first: a machine without CJK fonts still shows readable titles.
        categories = sorted(CATEGORIES, key=lambda name: not name.isascii())
        feed_input = fixtures.input_for(options.fixtures, category=categories[0], pageSize=12)
    elif options.input:
        feed_input = json.loads(options.input)
        categories = [feed_input.get("category", "all")]
    bridge = ClientBridge(client)
    window = FeedWindow(root, bridge, feed_input, categories, print_ready=options.print_ready)
    root.deiconify()
    signal.signal(signal.SIGTERM, lambda *_: root.after(0, root.destroy))
    try:
        root.mainloop()
    finally:
        bridge.close()  # the workers' calls end, and they drop their references to the window
        window.release_images()
        if _alive(root):
            root.destroy()
        if fixtures is not None:
            fixtures.stop()
        cache.cleanup()
    return 0


def _alive(root: tk.Tk) -> bool:
    try:
        return bool(root.winfo_exists())
    except tk.TclError:
        return False


if __name__ == "__main__":
    sys.exit(main())
