"""``python -m feedvm.demo [--fixtures] [--binary PATH] [--print-ready]``."""

import argparse
import signal
import sys
import tempfile
import tkinter as tk
from typing import Any, Dict, List, Optional

from ..client import Client
from ..errors import BinaryNotFound
from .app import FeedWindow
from .bridge import ClientBridge

STUB_CATEGORIES = ["all", "Android", "iOS", "welfare"]


def main(argv: Optional[List[str]] = None) -> int:
    """Open the window; returns the process exit code."""
    parser = argparse.ArgumentParser(prog="python -m feedvm.demo", description=__doc__)
    parser.add_argument("--fixtures", action="store_true",
                        help="run against the fixture backend (gank dialect) instead of the stub source")
    parser.add_argument("--binary", help="feedvm executable (default: see feedvm.find_binary)")
    parser.add_argument("--stub-delay-ms", type=int, default=None, help="passed to feedvm")
    parser.add_argument("--print-ready", action="store_true",
                        help="print a JSON line when the first visible thumbnails are drawn")
    options = parser.parse_args(argv)

    fixtures = None
    feed_input: Dict[str, Any] = {"source": "stub", "category": "all", "pageSize": 12}
    categories = STUB_CATEGORIES
    if options.fixtures:
        from ..fixtures import CATEGORIES, FixtureServer
        fixtures = FixtureServer().start()
        # Latin names first: a machine without CJK fonts still shows readable titles.
        categories = sorted(CATEGORIES, key=lambda name: not name.isascii())
        feed_input = fixtures.input_for("gank", category=categories[0], pageSize=12)
    cache = tempfile.TemporaryDirectory(prefix="feedvm-demo-")
    args = ["--cache-dir", cache.name]
    if options.stub_delay_ms is not None:
        args += ["--stub-delay-ms", str(options.stub_delay_ms)]
    try:
        client = Client(binary=options.binary, args=args)
    except BinaryNotFound as error:
        print(f"feedvm.demo: {error}", file=sys.stderr)
        return 2
    bridge = ClientBridge(client)
    root = tk.Tk()
    window = FeedWindow(root, bridge, feed_input, categories, print_ready=options.print_ready)
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
