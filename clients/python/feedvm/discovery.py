"""Finding the ``feedvm`` executable: the one finder every part of the package uses.

The rule every client shares (protocol/vectors/discovery.json); the first of these that
applies wins:

1. the ``binary`` argument (``Client(binary=...)``, ``--binary``, ``--bin``);
2. ``$FEEDVM_BIN`` (unset or empty: skipped);
3. the binary shipped with this package: the wheel from ``scripts/package`` installs it as the
   ``feedvm`` command, beside the interpreter's other scripts, and lists it in its RECORD;
4. ``feedvm`` on ``PATH``;
5. ``.build/release/feedvm``, then ``.build/debug/feedvm``, of the Swift package (a folder
   holding ``Package.swift``) at or above this client's own files: the checkout it runs from,
   or the one ``pip install ./clients/python`` installed it from (recorded at install time);
6. the same at or above the current directory.

An explicit argument or ``$FEEDVM_BIN`` that is not an executable file is an error, never
silently replaced by another binary. Only executable regular files count. When nothing is
found, :class:`~feedvm.errors.BinaryNotFound` lists every place tried.
"""

import os
import shutil
from pathlib import Path
from typing import List, Optional, Union

from .errors import BinaryNotFound

__all__ = ["find_binary", "SOURCE_CHECKOUT"]

PathLike = Union[str, "os.PathLike[str]"]
BUILD_CONFIGURATIONS = ("release", "debug")
PACKAGE = Path(__file__).resolve().parent
#: Where an install from a source checkout records that checkout's ``clients/python`` folder.
SOURCE_CHECKOUT = PACKAGE / "source_checkout"


def _is_executable(path: Path) -> bool:
    return path.is_file() and os.access(path, os.X_OK)


def _chosen(path: PathLike, origin: str) -> str:
    if not _is_executable(Path(path)):
        raise BinaryNotFound(f"{origin} is not an executable file (nothing else was tried)")
    return str(path)


def _shipped_with_client() -> List[str]:
    """Where this package's own binary would be: the files its distribution installed under the
    name ``feedvm`` in a scripts folder, then ``bin/feedvm`` beside the package (``pip install
    --target``)."""
    candidates: List[str] = []
    try:
        from importlib import metadata
        distribution = metadata.distribution("feedvm")
        if Path(str(distribution.locate_file("feedvm/__init__.py"))).resolve() == PACKAGE / "__init__.py":
            for file in distribution.files or ():
                if file.name == "feedvm" and file.parent.name in ("bin", "scripts"):
                    candidates.append(str(Path(str(distribution.locate_file(file))).resolve()))
    except Exception:  # noqa: BLE001 - no metadata (a checkout) or unreadable: nothing shipped
        pass
    candidates.append(str(PACKAGE.parent / "bin" / "feedvm"))
    return candidates


def _client_home() -> Optional[Path]:
    """Where this client's own files are: the checkout it was installed from, else its package."""
    try:
        recorded = Path(SOURCE_CHECKOUT.read_text(encoding="utf-8").strip())
        if recorded.is_dir():
            return recorded
    except OSError:
        pass
    return PACKAGE


def _builds_above(start: Path, tried: List[str]) -> Optional[str]:
    """The release, else debug, build of the nearest Swift package at or above ``start``."""
    for directory in [start, *start.parents]:
        if not (directory / "Package.swift").is_file():
            continue
        for configuration in BUILD_CONFIGURATIONS:
            path = directory / ".build" / configuration / "feedvm"
            if _is_executable(path):
                return str(path)
            tried.append(str(path))
        return None
    tried.append(f"a Swift package (Package.swift) at or above {start}")
    return None


def find_binary(explicit: Optional[PathLike] = None, start: Optional[PathLike] = None) -> str:
    """The path of the feedvm binary to spawn (see the module docstring for the order).

    :param explicit: a path chosen by the caller; it must be an executable file.
    :param start: the working directory whose build comes last (default: the current directory).
    :raises BinaryNotFound: nothing usable was found; the message lists what was tried.
    """
    if explicit is not None:
        return _chosen(explicit, f"feedvm binary {explicit}")
    from_env = os.environ.get("FEEDVM_BIN")
    if from_env:
        return _chosen(from_env, f"$FEEDVM_BIN={from_env}")
    tried: List[str] = ["$FEEDVM_BIN (unset)"]
    for shipped in _shipped_with_client():
        if _is_executable(Path(shipped)):
            return shipped
    tried.append("the binary shipped with this package (none: not installed from a wheel)")
    on_path = shutil.which("feedvm")
    if on_path:
        return on_path
    tried.append("feedvm on PATH")
    home = _client_home()
    if home is not None:
        found = _builds_above(home.resolve(), tried)
        if found:
            return found
    found = _builds_above(Path(start or os.getcwd()).resolve(), tried)
    if found:
        return found
    raise BinaryNotFound(
        "feedvm binary not found; build it with `swift build -c release` in the repository, "
        "install a wheel from `scripts/package`, or set FEEDVM_BIN. Tried: " + "; ".join(tried))
