"""The wheel's platform tag, read from what the binary needs (``readelf``), chosen honestly.

``manylinux_X_Y_<arch>`` (PEP 600) promises that the wheel works on any Linux with glibc X.Y
or newer. It is claimed only when the binary links nothing but glibc's own libraries and
libgcc_s (a conservative part of the manylinux allow-list) and X.Y is the newest ``GLIBC_``
symbol version it uses. Anything else (libcurl, libstdc++, ...) gives ``linux_<arch>``: a
wheel for machines like the build machine, which is what it then is.
"""

import platform
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import List, Optional, Tuple

__all__ = ["Linkage", "read_linkage", "platform_tag", "MANYLINUX_LIBRARIES"]

#: Libraries a manylinux binary may link (glibc's and libgcc_s), a subset of PEP 600's list.
MANYLINUX_LIBRARIES = frozenset({
    "libc.so.6", "libm.so.6", "libdl.so.2", "librt.so.1", "libpthread.so.0", "libutil.so.1",
    "libresolv.so.2", "libgcc_s.so.1", "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1"})


@dataclass(frozen=True)
class Linkage:
    """What a dynamically linked ELF file asks of the system."""

    needed: Tuple[str, ...]
    glibc: Optional[Tuple[int, int]]  # the newest GLIBC_x.y symbol version used

    @property
    def swift_runtime_linked_in(self) -> bool:
        """Whether no Swift runtime library is loaded from the system."""
        return not any(name.startswith(("libswift", "libFoundation", "lib_FoundationICU", "libdispatch",
                                        "libBlocksRuntime")) for name in self.needed)


def parse_linkage(dynamic_section: str, version_section: str) -> Linkage:
    """A :class:`Linkage` from ``readelf -d`` and ``readelf -V`` output."""
    needed = tuple(re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", dynamic_section))
    versions: List[Tuple[int, int]] = [
        (int(major), int(minor)) for major, minor in re.findall(r"Name: GLIBC_(\d+)\.(\d+)", version_section)]
    return Linkage(needed, max(versions) if versions else None)


def read_linkage(binary: Path) -> Linkage:
    """Run ``readelf`` on ``binary``."""
    def readelf(flag: str) -> str:
        return subprocess.run(["readelf", flag, "--wide", str(binary)], check=True,
                              capture_output=True, text=True).stdout
    return parse_linkage(readelf("-d"), readelf("-V"))


def platform_tag(linkage: Linkage, machine: Optional[str] = None) -> Tuple[str, str]:
    """(tag, why): ``manylinux_X_Y_<arch>`` when :data:`MANYLINUX_LIBRARIES` suffice, else ``linux_<arch>``."""
    arch = (machine or platform.machine()).replace("-", "_")
    foreign = [name for name in linkage.needed if name not in MANYLINUX_LIBRARIES]
    if foreign:
        return f"linux_{arch}", "links " + ", ".join(foreign) + " (not in the manylinux set)"
    if linkage.glibc is None:
        return f"linux_{arch}", "no GLIBC symbol versions found"
    major, minor = linkage.glibc
    return f"manylinux_{major}_{minor}_{arch}", f"only glibc {major}.{minor} and libgcc_s"
