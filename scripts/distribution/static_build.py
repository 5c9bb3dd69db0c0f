"""Building ``feedvm`` with the Swift runtime linked in.

The release build is that build: Package.swift links the Swift runtime and Foundation into
the ``feedvm`` product (``-static-stdlib``, release only), so the README's ``swift build -c
release`` and this script make the same binary in the same folder, and neither needs an OS
package beyond the toolchain (libcurl is loaded at run time with ``dlopen``).
"""

import subprocess
import sys
from pathlib import Path

__all__ = ["BuildFailed", "build_static_feedvm"]


class BuildFailed(RuntimeError):
    """The build failed; the message holds the tail of its output."""


def build_static_feedvm(root: Path, configuration: str = "release") -> Path:
    """Build and return ``.build/<configuration>/feedvm`` (the release build links the Swift runtime in)."""
    command = ["swift", "build", "-c", configuration, "--product", "feedvm"]
    print("package: " + " ".join(command), file=sys.stderr, flush=True)
    done = subprocess.run(command, cwd=root, capture_output=True, text=True)
    if done.returncode != 0:
        raise BuildFailed(_tail(done.stdout + done.stderr))
    return root / ".build" / configuration / "feedvm"


def _tail(output: str, lines: int = 40) -> str:
    kept = [line for line in output.splitlines() if "undefined reference" not in line]
    return "\n".join(kept[-lines:])
