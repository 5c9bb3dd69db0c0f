"""The command line: ``python -m feedvm.transcript check|record FILE...``."""

from __future__ import annotations

import argparse
from typing import List, Optional

from . import __doc__ as _usage
from .format import TranscriptError
from .recording import record
from .replay import DEFAULT_TIMEOUT, run

__all__ = ["main"]


def main(argv: Optional[List[str]] = None) -> int:
    """Entry point of ``python -m feedvm.transcript``."""
    parser = argparse.ArgumentParser(prog="python -m feedvm.transcript", description=_usage.split("\n\n")[0])
    parser.add_argument("command", choices=["check", "record"])
    parser.add_argument("files", nargs="+", metavar="FILE")
    parser.add_argument("--bin", help="the feedvm executable (default: see feedvm.find_binary)")
    parser.add_argument("--tighten", action="store_true", help="record: replace type placeholders by the values seen")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, help="seconds to wait per message")
    parser.add_argument("-v", "--verbose", action="store_true", help="check: print the exchange on stderr")
    options = parser.parse_args(argv)
    failed = 0
    for file in options.files:
        try:
            if options.command == "check":
                run(file, options.bin, options.verbose, options.timeout)
                print("PASS %s" % file)
            else:
                for note in record(file, options.bin, options.tighten, options.timeout):
                    print(note)
                print("RECORDED %s" % file)
        except TranscriptError as error:
            failed += 1
            print("FAIL %s" % error)
    return 1 if failed else 0
