"""What each part of ``scripts/test-all`` needs from the system, and what is missing.

Each Debian package the run may need has a probe (a command on ``PATH``, a file, a Python
module). A part *needs* a package when it cannot run without it (it is then not run, and the
run is incomplete) and *uses* one when only some of its tests skip without it (it runs, and the
run is incomplete). As root, or with password-less sudo, ``scripts/test-all`` installs every
missing package with one ``apt-get install``; otherwise it prints that command, runs what it
can and ends with a last line saying the run was incomplete.
"""

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Dict, List, Sequence, Tuple

__all__ = ["PACKAGES", "PARTS", "Part", "missing_packages", "install_command", "plan_lines"]


def _commands(*names: str) -> Callable[[str], bool]:
    return lambda python: all(shutil.which(name) for name in names)


def _file(path: str) -> Callable[[str], bool]:
    return lambda python: Path(path).is_file()


def _python_module(name: str) -> Callable[[str], bool]:
    def probe(python: str) -> bool:
        done = subprocess.run([python, "-c", f"import {name}"], capture_output=True)
        return done.returncode == 0

    return probe


#: Each Debian package and how to tell it is installed (given the Python that runs the tests).
PACKAGES: Dict[str, Callable[[str], bool]] = {
    "binutils": _commands("readelf"),
    "xvfb": _commands("Xvfb"),
    "x11-apps": _commands("xwd"),
    "imagemagick": _commands("identify", "convert"),
    "python3-tk": _python_module("tkinter"),
    "emacs-nox": _commands("emacs"),
    "neovim": _commands("nvim"),
    "tmux": _commands("tmux"),
    "fontconfig": _commands("fc-match"),
    "fonts-dejavu-core": _file("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"),
    "nodejs": _commands("node"),
    "node-typescript": _commands("tsc"),
    "chromium": _commands("chromium"),
    "chromium-driver": _commands("chromedriver"),
}


@dataclass(frozen=True)
class Part:
    """A step or suite of ``scripts/test-all``, by the name it prints."""

    name: str
    needs: Tuple[str, ...] = ()
    uses: Tuple[str, ...] = ()


#: The parts of the run that need or use a package, with why in the name.
PARTS: Tuple[Part, ...] = (
    Part("package: static feedvm + wheel (scripts/package)", needs=("binutils",)),
    Part("python client", uses=("xvfb", "x11-apps", "imagemagick", "python3-tk", "emacs-nox", "neovim")),
    Part("neovim plugin", needs=("neovim", "tmux", "imagemagick", "fontconfig", "fonts-dejavu-core")),
    Part("javascript client: tsc checks index.d.ts against the code", needs=("node-typescript",)),
    Part("javascript client", needs=("nodejs",)),
    Part("web front end in headless Chromium", needs=("nodejs", "chromium", "chromium-driver")),
)


def missing_packages(python: str, present: Callable[[str, str], bool] = lambda package, python: PACKAGES[package](python)) -> List[str]:
    """The packages of :data:`PACKAGES` not installed, in table order."""
    return [package for package in PACKAGES if not present(package, python)]


def install_command(missing: Sequence[str]) -> str:
    """The one command line that installs ``missing``."""
    sudo = "" if os.geteuid() == 0 else "sudo "
    return f"{sudo}apt-get install --no-install-recommends {' '.join(missing)}"


def plan_lines(missing: Sequence[str]) -> List[Tuple[str, str, str]]:
    """(kind, part, packages) for each part the missing packages touch: kind ``not run`` when
    it needs one of them, ``skips`` when only some of its tests use them."""
    lines = []
    for part in PARTS:
        needed = [package for package in part.needs if package in missing]
        used = [package for package in part.uses if package in missing]
        if needed:
            lines.append(("not run", part.name, " ".join(needed)))
        elif used:
            lines.append(("skips", part.name, " ".join(used)))
    return lines
