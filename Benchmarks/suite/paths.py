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
    """Builds `feedvm` with `--static-swift-stdlib` into ``STATIC_BUILD``.

    FoundationNetworking links libcurl with ``-lcurl``; where only the runtime ``libcurl.so.4``
    is installed (no libcurl4-openssl-dev), a ``libcurl.so`` link in a private folder serves.
    """
    import glob
    import subprocess
    command = ["swift", "build", "-c", "release", "--static-swift-stdlib",
               "--scratch-path", os.path.join(ROOT, ".build", "static"), "--product", "feedvm"]
    runtime = sorted(glob.glob("/usr/lib/*-linux-gnu/libcurl.so.4") + glob.glob("/usr/lib64/libcurl.so.4"))
    has_dev_link = glob.glob("/usr/lib/*-linux-gnu/libcurl.so") + glob.glob("/usr/lib64/libcurl.so")
    if runtime and not has_dev_link:
        links = os.path.join(ROOT, ".build", "static", "linklibs")
        os.makedirs(links, exist_ok=True)
        link = os.path.join(links, "libcurl.so")
        if not os.path.lexists(link):
            os.symlink(runtime[0], link)
        command += ["-Xlinker", "-L" + links]
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
