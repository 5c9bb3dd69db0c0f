"""Where the repository, the built binaries and the Python client are."""

import os
import sys

#: The repository root (the folder holding Package.swift).
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
#: The Python client package's folder, importable as ``feedvm``.
PYTHON_CLIENT = os.path.join(ROOT, "clients", "python")
#: Where `swift build -c release --static-swift-stdlib --scratch-path .build/static` puts its products.
STATIC_BUILD = os.path.join(ROOT, ".build", "static", "release")
#: The command that builds what the suite runs.
BUILD_COMMAND = "swift build -c release --product feedvm && swift build -c release --product feedvm-bench"


def build_static_feedvm():
    """Builds `feedvm` with `--static-swift-stdlib` into ``STATIC_BUILD`` (libcurl is loaded at
    run time, so no curl library or development package takes part in the link)."""
    import subprocess
    command = ["swift", "build", "-c", "release", "--static-swift-stdlib",
               "--scratch-path", os.path.join(ROOT, ".build", "static"), "--product", "feedvm"]
    subprocess.run(command, check=True, cwd=ROOT)


def release_product(name):
    """The release build of product ``name``, or ``None`` when it is not built."""
    path = os.path.join(ROOT, ".build", "release", name)
    return path if os.access(path, os.X_OK) else None


def static_product(name):
    """The `--static-swift-stdlib` build of ``name`` (see ``STATIC_BUILD``), or ``None``."""
    path = os.path.join(STATIC_BUILD, name)
    return path if os.access(path, os.X_OK) else None


def import_python_client():
    """Makes ``import feedvm`` (the client in clients/python) work without installing it."""
    if PYTHON_CLIENT not in sys.path:
        sys.path.insert(0, PYTHON_CLIENT)
