"""The ``feedvm`` executable a wheel from ``scripts/package`` carries, and its ``feedvm`` command.

The wheel ships the static binary as package data (``feedvm/bin/feedvm``), as ruff and uv ship
theirs; a source install has none. The wheel's ``feedvm`` console command is :func:`main`.
"""

import os
import sys
from pathlib import Path
from typing import List, Optional

__all__ = ["BUNDLED_PATH", "bundled_binary", "main"]

#: Where a wheel puts the binary, inside this package.
BUNDLED_PATH = Path(__file__).resolve().parent / "bin" / "feedvm"


def bundled_binary() -> Optional[str]:
    """The bundled executable, or ``None`` when this install carries none."""
    if BUNDLED_PATH.is_file() and os.access(BUNDLED_PATH, os.X_OK):
        return str(BUNDLED_PATH)
    return None


def main(argv: Optional[List[str]] = None) -> int:
    """Replace this process with the bundled ``feedvm``, passing the arguments on."""
    binary = bundled_binary()
    if binary is None:
        print(f"feedvm: no bundled binary at {BUNDLED_PATH} (this install is not a wheel "
              "from scripts/package)", file=sys.stderr)
        return 2
    arguments = sys.argv[1:] if argv is None else argv
    os.execv(binary, [binary, *arguments])
    return 0  # not reached: execv does not return


if __name__ == "__main__":
    sys.exit(main())
