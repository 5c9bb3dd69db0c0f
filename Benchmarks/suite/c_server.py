"""The C keep-alive file server of the transport figures (``Benchmarks/cserver/static_server.c``),
compiled at bench time with whatever C compiler is at hand (the Swift toolchain ships clang)."""

import os
import shutil
import subprocess

from .paths import ROOT

SOURCE = os.path.join(ROOT, "Benchmarks", "cserver", "static_server.c")


def compiler():
    """``cc``, ``clang`` or ``gcc`` on PATH, else the clang beside ``swift``."""
    for name in ("cc", "clang", "gcc"):
        found = shutil.which(name)
        if found:
            return found
    swift = shutil.which("swift")
    beside = os.path.join(os.path.dirname(os.path.realpath(swift)), "clang") if swift else ""
    if os.access(beside, os.X_OK):
        return beside
    raise RuntimeError("no C compiler found (cc, clang, gcc, or clang beside swift)")


def build(scratch):
    """Compiles the server into ``scratch``; returns the binary's path."""
    binary = os.path.join(scratch, "static_server")
    subprocess.run([compiler(), "-O2", "-o", binary, SOURCE, "-lpthread"], check=True)
    return binary


class StaticServer:
    """Serves ``directory`` on 127.0.0.1 until closed; ``base`` is ``http://127.0.0.1:PORT/``."""

    def __init__(self, binary, directory):
        self.process = subprocess.Popen([binary, directory], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        port = self.process.stdout.readline().strip()
        if not port:
            raise RuntimeError("the C server did not start")
        self.base = f"http://127.0.0.1:{port}/"

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.close()

    def close(self):
        """Closes its stdin, which ends it."""
        self.process.stdin.close()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process.stdout.close()
