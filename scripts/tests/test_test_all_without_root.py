"""scripts/test-all without root and without the tools: it says the one command that installs
them and what each missing one leaves out, runs the rest, and its last line says the run was
incomplete (exit status 1).

``scripts/test-all --check`` runs the same decision and stops there; here it runs as the user
``nobody`` (when the tests run as root) with a ``PATH`` holding only what the script itself
needs, so every optional tool is missing.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Iterator

import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "scripts" / "testsummary"))

from counts import (Counts, Incomplete, SuiteResult, append_incomplete, append_result, closing_line,  # noqa: E402
                    read_incomplete, read_results)
from requirements import PACKAGES, PARTS  # noqa: E402

BASICS = ("bash", "env", "id", "mktemp", "rm", "mkdir", "dirname", "tr", "sed", "cat")


def few_tools(directory: Path) -> Path:
    """A PATH directory with the shell, coreutils and the system's Python 3, nothing else."""
    directory.mkdir(mode=0o755)
    for tool in BASICS:
        (directory / tool).symlink_to(shutil.which(tool) or f"/bin/{tool}")
    system_python = Path("/usr/bin/python3")
    (directory / "python3").symlink_to(system_python if system_python.exists() else Path(shutil.which("python3") or ""))
    return directory


@pytest.fixture
def shared_directory() -> Iterator[Path]:
    """A directory every user may enter (pytest's own are private to the user running it)."""
    directory = Path(tempfile.mkdtemp(prefix="feedvm-test-all-"))
    directory.chmod(0o755)
    yield directory
    shutil.rmtree(directory, ignore_errors=True)


def test_without_root_and_tools_it_names_the_install_command_and_what_is_left_out(shared_directory: Path) -> None:
    path = few_tools(shared_directory / "bin")
    as_user = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"] if os.geteuid() == 0 else []
    if as_user and shutil.which("setpriv") is None:
        pytest.skip("setpriv (util-linux) is needed to drop root")
    done = subprocess.run([*as_user, "env", "-i", f"PATH={path}", "HOME=/tmp", str(path / "bash"),
                           str(ROOT / "scripts" / "test-all"), "--check"],
                          capture_output=True, text=True, timeout=120, cwd="/")
    lines = done.stdout.splitlines()
    assert done.returncode == 1, done.stdout + done.stderr
    command = re.search(r"install them with: (sudo apt-get install --no-install-recommends .*)$", done.stdout, re.MULTILINE)
    assert command, done.stdout
    for package in ("binutils", "neovim", "tmux", "emacs-nox", "xvfb", "nodejs", "node-typescript", "chromium",
                    "chromium-driver"):
        assert package in command.group(1).split()
    assert "     neovim plugin: not run, needs neovim tmux" in done.stdout
    assert "     python client: runs; tests that need these skip:" in done.stdout
    assert lines[-1].startswith("INCOMPLETE for missing tools (not run: ") and lines[-1].endswith(command.group(1))


def test_every_part_test_all_guards_is_in_the_requirements_table() -> None:
    script = (ROOT / "scripts" / "test-all").read_text(encoding="utf-8")
    guarded = set(re.findall(r'runs "([^"$]+)"', script))
    assert guarded == {part.name for part in PARTS if part.needs}
    for part in PARTS:
        assert f'"{part.name}"' in script, part.name
        assert set(part.needs + part.uses) <= set(PACKAGES)


def test_the_readme_lists_every_package_the_run_may_need() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for package in PACKAGES:
        assert f"`{package}`" in readme, package


def test_the_closing_line_of_an_incomplete_run_says_so_and_fails(tmp_path: Path) -> None:
    results = tmp_path / "results.tsv"
    append_result(results, SuiteResult("swift test", Counts(402, 0, 0), 0))
    append_incomplete(results, Incomplete("not run", "neovim plugin", "neovim tmux", "sudo apt-get install neovim tmux"))
    append_incomplete(results, Incomplete("skips", "python client", "emacs-nox", "sudo apt-get install neovim tmux"))
    line, passed = closing_line(read_results(results), read_incomplete(results))
    assert not passed
    assert line == ("tests: 402 passed, 0 failed, 0 skipped in 1 suites (swift test 402); all passed; "
                    "INCOMPLETE for missing tools (not run: neovim plugin; tests skipped in: python client): "
                    "sudo apt-get install neovim tmux")
