"""Finding the ``feedvm`` executable.

Order: an explicit path, ``$FEEDVM_BIN``, the repository's
``.build/release/feedvm`` then ``.build/debug/feedvm`` (the repository being the
nearest parent of this package that holds ``Package.swift``), then ``feedvm`` on
``PATH``. When none exists, :class:`~feedvm.errors.BinaryNotFound` lists every
place tried.
"""

import os
import shutil
from pathlib import Path
from typing import List, Optional, Union

from .errors import BinaryNotFound

__all__ = ["find_binary", "repository_root"]

PathLike = Union[str, "os.PathLike[str]"]


def repository_root(start: Optional[Path] = None) -> Optional[Path]:
    """The nearest directory at or above ``start`` holding ``Package.swift``."""
    here = (start or Path(__file__)).resolve()
    for directory in [here, *here.parents]:
        if (directory / "Package.swift").is_file():
            return directory
    return None


def _is_executable(path: Path) -> bool:
    return path.is_file() and os.access(path, os.X_OK)


def find_binary(explicit: Optional[PathLike] = None) -> str:
    """Return the path of the feedvm binary to spawn, or raise ``BinaryNotFound``."""
    tried: List[str] = []
    if explicit is not None:
        path = Path(explicit)
        if _is_executable(path):
            return str(path)
        raise BinaryNotFound(f"feedvm binary not found or not executable: {path}")
    from_env = os.environ.get("FEEDVM_BIN")
    if from_env:
        path = Path(from_env)
        if _is_executable(path):
            return str(path)
        tried.append(f"$FEEDVM_BIN={from_env} (not an executable file)")
    else:
        tried.append("$FEEDVM_BIN (unset)")
    root = repository_root()
    if root is not None:
        for configuration in ("release", "debug"):
            path = root / ".build" / configuration / "feedvm"
            if _is_executable(path):
                return str(path)
            tried.append(str(path))
    on_path = shutil.which("feedvm")
    if on_path:
        return on_path
    tried.append("feedvm on PATH")
    raise BinaryNotFound(
        "feedvm binary not found; build it with `swift build -c release` or set FEEDVM_BIN. "
        "Tried: " + "; ".join(tried))
