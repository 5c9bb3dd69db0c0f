"""Building ``feedvm`` with the Swift runtime linked in (``--static-swift-stdlib``).

The static Swift runtime still links a few system libraries. FoundationNetworking needs
``-lcurl``, which only the libcurl development package provides (the runtime package has
``libcurl.so.4`` but no ``libcurl.so``). So the build is tried as it is; only when the link
fails for want of a library that an OS package provides is that package installed (with
apt-get, as root) and the build retried. A binary that no longer imports FoundationNetworking
needs nothing extra.
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Dict, List

__all__ = ["BuildFailed", "build_static_feedvm", "LINK_PACKAGES"]

#: Libraries the static link may miss -> the Debian package providing their ``lib*.so`` link.
LINK_PACKAGES: Dict[str, str] = {"curl": "libcurl4-openssl-dev"}


class BuildFailed(RuntimeError):
    """The build failed; the message holds the tail of its output."""


#: Its own build folder: the flag recompiles every module, so sharing .build/ with the usual
#: dynamic `swift build -c release` would rebuild everything at each switch. Benchmarks/run.py
#: --build-static builds into the same folder.
SCRATCH = Path(".build") / "static"


def _build(root: Path, configuration: str) -> "subprocess.CompletedProcess[str]":
    command = ["swift", "build", "-c", configuration, "--static-swift-stdlib", "--scratch-path", str(SCRATCH),
               "--product", "feedvm"]
    print("package: " + " ".join(command), file=sys.stderr, flush=True)
    return subprocess.run(command, cwd=root, capture_output=True, text=True)


def missing_link_libraries(output: str) -> List[str]:
    """The libraries a failed link could not find (``cannot find -lcurl`` -> ``curl``)."""
    return sorted(set(re.findall(r"cannot find -l([\w+.-]+)", output)))


def _install(packages: List[str]) -> None:
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        raise BuildFailed("the static link needs the OS packages " + " ".join(packages) +
                          ": install them (apt-get install " + " ".join(packages) + ") and rerun")
    print("package: installing " + " ".join(packages) + " for the static link", file=sys.stderr, flush=True)
    environment = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for command in (["apt-get", "update", "-qq"],
                    ["apt-get", "install", "-y", "-qq", "--no-install-recommends", *packages]):
        subprocess.run(command, check=True, env=environment, stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL)


def build_static_feedvm(root: Path, configuration: str = "release") -> Path:
    """Build and return ``.build/static/<configuration>/feedvm`` with the Swift runtime linked in."""
    done = _build(root, configuration)
    if done.returncode != 0:
        output = done.stdout + done.stderr
        missing = missing_link_libraries(output)
        packages = [LINK_PACKAGES[name] for name in missing if name in LINK_PACKAGES]
        if not missing or len(packages) != len(missing):
            raise BuildFailed(_tail(output))
        _install(packages)
        done = _build(root, configuration)
        if done.returncode != 0:
            raise BuildFailed(_tail(done.stdout + done.stderr))
    return root / SCRATCH / configuration / "feedvm"


def _tail(output: str, lines: int = 40) -> str:
    kept = [line for line in output.splitlines() if "undefined reference" not in line]
    return "\n".join(kept[-lines:])
