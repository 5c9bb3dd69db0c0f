"""Records, in an install made from a source checkout, where that checkout is.

``pip install ./clients/python`` after ``swift build`` installs the client only; the client then
finds the checkout's build (``.build/release/feedvm``, else ``.build/debug/feedvm``) from any
directory, because this step writes ``feedvm/source_checkout``: the path of the folder the
package was built from, read by ``feedvm.discovery``. A build from anywhere else (an sdist,
a copy without ``Package.swift`` two levels up) records nothing. Everything else is in
pyproject.toml.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class BuildRecordingTheCheckout(build_py):
    """``build_py`` that also writes ``feedvm/source_checkout`` when built inside the repository."""

    def run(self) -> None:
        super().run()
        if (HERE.parent.parent / "Package.swift").is_file():
            (Path(self.build_lib) / "feedvm" / "source_checkout").write_text(f"{HERE}\n", encoding="utf-8")


setup(cmdclass={"build_py": BuildRecordingTheCheckout})
