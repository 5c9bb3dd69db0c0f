"""Finding the ``feedvm`` executable: the one finder every part of the package uses.

The first of these that exists wins:

1. the ``binary`` argument (``Client(binary=...)``, ``--binary``, ``--bin``);
2. ``$FEEDVM_BIN``;
3. the binary bundled in the wheel that ``scripts/package`` builds (``feedvm/bin/feedvm``);
4. ``feedvm`` on ``PATH``;
5. ``.build/release/feedvm``, then ``.build/debug/feedvm``, of the Swift package (a folder
   holding ``Package.swift``) in the current directory or any parent of it.

An explicit argument or ``$FEEDVM_BIN`` that is not an executable file is an error, never
silently replaced by another binary. When nothing is found,
:class:`~feedvm.errors.BinaryNotFound` lists every place tried.
"""

import os
import shutil
from pathlib import Path
from typing import List, Optional, Union

from .bundled import bundled_binary
from .errors import BinaryNotFound

__all__ = ["find_binary"]

PathLike = Union[str, "os.PathLike[str]"]
BUILD_CONFIGURATIONS = ("release", "debug")


def _is_executable(path: Path) -> bool:
    return path.is_file() and os.access(path, os.X_OK)


def _chosen(path: PathLike, origin: str) -> str:
    if not _is_executable(Path(path)):
        raise BinaryNotFound(f"{origin} is not an executable file (nothing else was tried)")
    return str(path)


def find_binary(explicit: Optional[PathLike] = None, start: Optional[PathLike] = None) -> str:
    """The path of the feedvm binary to spawn (see the module docstring for the order).

    :param explicit: a path chosen by the caller; it must be an executable file.
    :param start: where the search for a repository build begins (default: the current directory).
    :raises BinaryNotFound: nothing usable was found; the message lists what was tried.
    """
    if explicit is not None:
        return _chosen(explicit, f"feedvm binary {explicit}")
    from_env = os.environ.get("FEEDVM_BIN")
    if from_env:
        return _chosen(from_env, f"$FEEDVM_BIN={from_env}")
    tried: List[str] = ["$FEEDVM_BIN (unset)"]
    bundled = bundled_binary()
    if bundled is not None:
        return bundled
    tried.append("the binary bundled in the wheel (not this install)")
    on_path = shutil.which("feedvm")
    if on_path:
        return on_path
    tried.append("feedvm on PATH")
    here = Path(start or os.getcwd()).resolve()
    for directory in [here, *here.parents]:
        if not (directory / "Package.swift").is_file():
            continue
        for configuration in BUILD_CONFIGURATIONS:
            path = directory / ".build" / configuration / "feedvm"
            if _is_executable(path):
                return str(path)
            tried.append(str(path))
    if len(tried) == 3:
        tried.append(f"a Swift package (Package.swift) at or above {here}")
    raise BinaryNotFound(
        "feedvm binary not found; build it with `swift build -c release` in the repository, "
        "install a wheel from `scripts/package`, or set FEEDVM_BIN. Tried: " + "; ".join(tried))
