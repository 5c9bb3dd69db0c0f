"""Where the repository, the built binaries and the Python client are."""

import os
import sys

#: The repository root (the folder holding Package.swift).
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
#: The Python client package's folder, importable as ``feedvm``.
PYTHON_CLIENT = os.path.join(ROOT, "clients", "python")
#: The command that builds what the suite runs.
BUILD_COMMAND = "swift build -c release --product feedvm && swift build -c release --product feedvm-bench"


def release_product(name):
    """The release build of product ``name``, or ``None`` when it is not built."""
    path = os.path.join(ROOT, ".build", "release", name)
    return path if os.access(path, os.X_OK) else None


def import_python_client():
    """Makes ``import feedvm`` (the client in clients/python) work without installing it."""
    if PYTHON_CLIENT not in sys.path:
        sys.path.insert(0, PYTHON_CLIENT)
