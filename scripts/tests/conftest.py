"""Shared helpers of the repository-level tests (scripts/, READMEs, the wheel).

``fresh_venv`` makes a new virtual environment from the interpreter running the tests, so
what these tests install never comes from, nor leaks into, the test environment itself.
"""

import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))


class FreshVenv:
    """A virtual environment under a temporary folder, and how to run things in it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        venv.EnvBuilder(with_pip=True, clear=True).create(path)
        self.python = path / "bin" / "python"

    def environment(self, **overrides: str) -> "dict[str, str]":
        """The test's environment as an activated venv would make it, without ``FEEDVM_BIN``."""
        environment = {key: value for key, value in os.environ.items()
                       if key not in ("FEEDVM_BIN", "PYTHONPATH", "PYTHONHOME")}
        environment.update(VIRTUAL_ENV=str(self.path), PATH=f"{self.path / 'bin'}{os.pathsep}{os.environ['PATH']}",
                           PIP_DISABLE_PIP_VERSION_CHECK="1")
        environment.update(overrides)
        return environment

    def run(self, command, cwd: Path = ROOT, timeout: float = 300, overrides: "dict[str, str] | None" = None,
            **kwargs) -> "subprocess.CompletedProcess[str]":
        """Run ``command`` (a list, or a string for bash) in the venv, with the environment's
        ``overrides``; the output is captured."""
        if isinstance(command, str):
            command = ["bash", "-euo", "pipefail", "-c", command]
        return subprocess.run(command, cwd=cwd, env=self.environment(**(overrides or {})), capture_output=True, text=True,
                              timeout=timeout, stdin=subprocess.DEVNULL, **kwargs)


@pytest.fixture
def fresh_venv(tmp_path_factory) -> FreshVenv:
    return FreshVenv(tmp_path_factory.mktemp("venv") / "env")
