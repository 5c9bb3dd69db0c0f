"""Writing the ``feedvm`` wheel with the standard library (the wheel format, PEP 427/491).

The wheel holds the pure-Python client (``clients/python/feedvm``) plus the static binary as a
script (``feedvm-<version>.data/scripts/feedvm``, mode 755), as ruff and uv ship theirs: pip
installs it beside the interpreter's other commands, so ``feedvm`` on ``PATH`` is the binary
itself, and the client finds it through the wheel's RECORD. Its tag is
``py3-none-<platform>``: any Python 3 (the client is pure Python), one platform (the binary).
Entries are written in sorted order with a fixed timestamp, so the same inputs give the same
bytes.
"""

import base64
import hashlib
import re
import zipfile
from pathlib import Path
from typing import Iterator, List, Tuple

__all__ = ["WheelSpec", "build_wheel", "package_version"]

#: 1980-01-01, the earliest time a zip entry can carry: wheels do not depend on build time.
FIXED_TIME = (1980, 1, 1, 0, 0, 0)
NAME = "feedvm"


def package_version(pyproject: Path) -> str:
    """``project.version`` of ``pyproject.toml`` (read with a regex: Python 3.9 has no tomllib)."""
    found = re.search(r'^version\s*=\s*"([^"]+)"', pyproject.read_text(encoding="utf-8"), re.MULTILINE)
    if not found:
        raise ValueError(f"no version in {pyproject}")
    return found.group(1)


class WheelSpec:
    """What goes into the wheel: the client's folder, the binary, the licence, the tag."""

    def __init__(self, client: Path, binary: Path, licence: Path, tag: str) -> None:
        self.client, self.binary, self.licence, self.tag = client, binary, licence, tag
        self.version = package_version(client / "pyproject.toml")

    @property
    def filename(self) -> str:
        """``feedvm-<version>-py3-none-<platform>.whl``."""
        return f"{NAME}-{self.version}-py3-none-{self.tag}.whl"

    def files(self) -> Iterator[Tuple[str, bytes, int]]:
        """(archive name, bytes, unix mode) of every file but the ``.dist-info`` ones."""
        package = self.client / NAME
        for path in sorted(package.rglob("*")):
            relative = path.relative_to(self.client).as_posix()
            if path.is_file() and "__pycache__" not in path.parts and path.suffix in (".py", ".typed"):
                yield relative, path.read_bytes(), 0o644
        yield self.script_path, self.binary.read_bytes(), 0o755

    @property
    def script_path(self) -> str:
        """Where the binary goes in the wheel: the ``scripts`` folder of its ``.data`` directory."""
        return f"{NAME}-{self.version}.data/scripts/{NAME}"

    def metadata(self) -> bytes:
        """Core metadata 2.1, with the client's README as the description."""
        readme = (self.client / "README.md").read_text(encoding="utf-8")
        headers = [
            "Metadata-Version: 2.1", f"Name: {NAME}", f"Version: {self.version}",
            "Summary: feedvm, the headless MVVM engine for paged image feeds, with its Python client",
            "License: MIT", "Requires-Python: >=3.9", "Classifier: Operating System :: POSIX :: Linux",
            "Classifier: License :: OSI Approved :: MIT License",
            "Description-Content-Type: text/markdown"]
        return ("\n".join(headers) + "\n\n" + readme).encode("utf-8")

    def dist_info(self) -> List[Tuple[str, bytes]]:
        """The ``.dist-info`` files except RECORD."""
        folder = f"{NAME}-{self.version}.dist-info"
        wheel = (f"Wheel-Version: 1.0\nGenerator: feedvm scripts/package\nRoot-Is-Purelib: false\n"
                 f"Tag: py3-none-{self.tag}\n")
        return [(f"{folder}/METADATA", self.metadata()), (f"{folder}/WHEEL", wheel.encode()),
                (f"{folder}/LICENSE", self.licence.read_bytes())]


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _add(archive: zipfile.ZipFile, name: str, data: bytes, mode: int = 0o644) -> None:
    info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
    info.external_attr = (0o100000 | mode) << 16  # a regular file with these permissions
    info.compress_type = zipfile.ZIP_DEFLATED
    archive.writestr(info, data, compresslevel=9)


def build_wheel(spec: WheelSpec, out_dir: Path) -> Path:
    """Write the wheel into ``out_dir`` and return its path."""
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / spec.filename
    record: List[str] = []
    with zipfile.ZipFile(target, "w") as archive:
        for name, data, mode in spec.files():
            _add(archive, name, data, mode)
            record.append(_record_line(name, data))
        for name, data in spec.dist_info():
            _add(archive, name, data)
            record.append(_record_line(name, data))
        record_name = f"{NAME}-{spec.version}.dist-info/RECORD"
        _add(archive, record_name, ("\n".join(record + [f"{record_name},,"]) + "\n").encode())
    return target
