"""Fixtures and options of the reliability suite.

Size: CI size by default; ``--reliability-large`` (when pytest is pointed at this folder) or
``FEEDVM_LARGE=1`` selects the large runs. Seed: ``--reliability-seed N`` or ``FEEDVM_SEED``.
The binary: the one :func:`feedvm.find_binary` finds from this checkout (``FEEDVM_BIN`` first).
Tests that need something feedvm does not serve yet skip, naming what is missing.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable, Iterator, List

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from reliability_figures import FIGURES  # noqa: E402
from reliability_wire import FeedvmProcess, find_feedvm_binary  # noqa: E402

DEFAULT_SEED = 20261202


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("feedvm reliability")
    group.addoption("--reliability-large", action="store_true", default=False,
                    help="run the large reliability runs (also FEEDVM_LARGE=1)")
    group.addoption("--reliability-seed", type=int, default=None,
                    help=f"seed of the random runs (also FEEDVM_SEED; default {DEFAULT_SEED})")


def _option(config: pytest.Config, name: str, default: object) -> object:
    try:
        return config.getoption(name)
    except ValueError:  # this conftest was not loaded at start-up: the option is unknown
        return default


@pytest.fixture(scope="session")
def large(request: pytest.FixtureRequest) -> bool:
    """True for the large runs."""
    return bool(_option(request.config, "--reliability-large", False)) or os.environ.get("FEEDVM_LARGE") == "1"


@pytest.fixture(scope="session")
def seed(request: pytest.FixtureRequest) -> int:
    """The seed of every random run; printed in the summary so a failure can be replayed."""
    option = _option(request.config, "--reliability-seed", None)
    value = int(os.environ.get("FEEDVM_SEED", DEFAULT_SEED)) if option is None else int(str(option))
    FIGURES["seed"] = value
    return value


@pytest.fixture(scope="session")
def feedvm_bin() -> str:
    """A feedvm binary that answers ``ping``; skips when there is none yet."""
    binary = find_feedvm_binary()
    if binary is None:
        pytest.skip("no feedvm binary: set FEEDVM_BIN or run `swift build --product feedvm`")
    with FeedvmProcess(binary) as probe:
        try:
            probe.request("ping", timeout=20)
        except AssertionError:
            pytest.skip(f"{binary} does not answer ping yet (the JSON-RPC service is not built): "
                        f"{probe.describe()}")
    return binary


@pytest.fixture(scope="session")
def feedvm_help(feedvm_bin: str) -> str:
    """The text of ``feedvm --help`` (flags are looked up here before a test relies on them)."""
    done = subprocess.run([feedvm_bin, "--help"], capture_output=True, timeout=20, stdin=subprocess.DEVNULL)
    return (done.stdout + done.stderr).decode("utf-8", "replace")


@pytest.fixture(scope="session")
def feed_methods(feedvm_bin: str) -> str:
    """The binary, once it serves the feed methods; skips while ``transform`` is -32601."""
    with FeedvmProcess(feedvm_bin) as probe:
        answer = probe.request("transform", {"input": {"source": "stub"}}, timeout=20)
    error = answer.get("error")
    if error is not None and error.get("code") == -32601:
        pytest.skip("feedvm answers -32601 for `transform`: the feed methods are not wired into the binary yet")
    if error is not None:
        pytest.fail(f"transform on the stub source failed: {error}")
    return feedvm_bin


@pytest.fixture
def spawn(feedvm_bin: str) -> Iterator[Callable[..., FeedvmProcess]]:
    """A factory of feedvm processes that are all killed at teardown."""
    started: List[FeedvmProcess] = []

    def start(*args: str, **options: Any) -> FeedvmProcess:
        process = FeedvmProcess(feedvm_bin, args, **options)
        started.append(process)
        return process

    yield start
    for process in started:
        process.__exit__(None, None, None)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, exitstatus: int, config: pytest.Config) -> None:
    if FIGURES:
        terminalreporter.section("feedvm reliability figures")
        for name, value in FIGURES.items():
            terminalreporter.write_line(f"{name}: {value}")
