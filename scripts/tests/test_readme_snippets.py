"""README.md's and clients/python/README.md's examples run as written, from a fresh venv.

Every fenced ``sh`` and ``python`` block of each README runs in document order (later blocks
build on earlier ones, as for a reader), in a new virtual environment per README (activated for
shell blocks; its interpreter runs the Python ones), without ``$FEEDVM_BIN``: shell blocks from
the repository root, as the READMEs say, Python blocks from a directory outside the repository,
as a script that embeds FeedVM runs. A ``print(...)  # expected`` line in a Python block must
print exactly ``expected``. A block right after ``<!-- readme-check: skip (reason) -->`` is not
run: the test reports it as skipped, with the reason, so the check says what it leaves out.

A block right after ``<!-- readme-check: conversation (...) -->`` is a conversation with the
release binary: each ``>> `` line is sent, and each ``<< `` line must be the next line the
binary writes, byte for byte, with two allowances for what differs between machines: the
README's home directory ``/home/you`` stands for a temporary one (``$HOME``, and
``$XDG_CACHE_HOME`` its ``.cache``, the binary's default cache directory), and an image's
``path`` must name an existing file in the directory the README shows (the file's name is the
cache's business).
"""

import os
import queue
import re
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional

import pytest

from conftest import ROOT, FreshVenv

READMES = [ROOT / "README.md", ROOT / "clients" / "python" / "README.md"]
RUNNABLE = {"sh", "python"}
FENCE = re.compile(r"^```(\w*)\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
SKIP_MARKER = re.compile(r"<!-- readme-check: skip \((.+)\) -->\s*$")
CONVERSATION_MARKER = re.compile(r"<!-- readme-check: conversation \((.+)\) -->\s*$")
README_HOME = "/home/you"
IMAGE_PATH = re.compile(r'"path":"([^"]*)"')
EXPECTED_PRINT = re.compile(r"^\s*print\(.*\)\s+# (.+)$")


@dataclass(frozen=True)
class Block:
    readme: Path
    line: int
    language: str
    code: str
    skip: Optional[str]
    conversation: bool = False

    @property
    def name(self) -> str:
        return f"{self.readme.relative_to(ROOT)}:{self.line}"


def blocks_of(readme: Path) -> List[Block]:
    text = readme.read_text(encoding="utf-8")
    found = []
    for match in FENCE.finditer(text):
        before = text[:match.start()].rstrip("\n").rsplit("\n", 1)[-1]
        marker = SKIP_MARKER.search(before)
        found.append(Block(readme, text.count("\n", 0, match.start()) + 1, match.group(1), match.group(2),
                           marker.group(1) if marker else None, CONVERSATION_MARKER.search(before) is not None))
    return found


BLOCKS = [block for readme in READMES for block in blocks_of(readme)
          if block.language in RUNNABLE or block.conversation]


def test_every_fenced_block_says_its_language_and_each_readme_has_examples_to_run():
    for readme in READMES:
        blocks = blocks_of(readme)
        assert all(block.language for block in blocks), [b.name for b in blocks if not b.language]
        assert any(block.language in RUNNABLE and not block.skip for block in blocks), readme


@pytest.fixture(scope="module")
def venvs(tmp_path_factory) -> Dict[Path, FreshVenv]:
    made: Dict[Path, FreshVenv] = {}
    for readme in READMES:
        made[readme] = FreshVenv(tmp_path_factory.mktemp("readme-venv") / "env")
    return made


def _tail(text: str, lines: int = 30) -> str:
    return "\n".join(text.splitlines()[-lines:])


@pytest.mark.parametrize("block", BLOCKS, ids=[block.name for block in BLOCKS])
def test_the_block_runs_as_written(block: Block, venvs, tmp_path):
    if block.skip:
        pytest.skip(f"marked in the README: {block.skip}")
    if block.conversation:
        converse(block, tmp_path)
        return
    environment = venvs[block.readme]
    if block.language == "sh":
        done = environment.run(block.code, timeout=1800)
    else:
        elsewhere = tmp_path / "elsewhere"
        elsewhere.mkdir()
        assert ROOT not in elsewhere.parents
        script = elsewhere / "snippet.py"
        script.write_text(block.code, encoding="utf-8")
        # A first-time reader: no feed stored by an earlier run in the user's cache.
        fresh = {"XDG_CACHE_HOME": str(tmp_path / "cache"), "XDG_STATE_HOME": str(tmp_path / "state")}
        done = environment.run([str(environment.python), str(script)], cwd=elsewhere, timeout=600, overrides=fresh)
    report = f"{block.name}:\n{block.code}\n--- stdout\n{_tail(done.stdout)}\n--- stderr\n{_tail(done.stderr)}"
    assert done.returncode == 0, report
    expected = [found.group(1) for found in map(EXPECTED_PRINT.match, block.code.splitlines()) if found]
    printed = iter(done.stdout.splitlines())
    for line in expected:  # in order, each exactly
        assert any(output == line for output in printed), f"expected the line {line!r}\n{report}"


def test_the_client_installed_by_the_readme_finds_the_build_from_anywhere(venvs, tmp_path):
    """After the client README's ``pip install ./clients/python`` (the package in the venv, not on
    PYTHONPATH), ``feedvm.find_binary()`` finds the repository's build from a folder outside it:
    the install recorded the checkout it came from."""
    environment = venvs[ROOT / "clients" / "python" / "README.md"]
    probe = "import feedvm; print(feedvm.__file__); print(feedvm.find_binary())"
    done = environment.run([str(environment.python), "-c", probe], cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    package, binary = done.stdout.splitlines()
    assert Path(package).is_relative_to(environment.path), "the client must come from the venv"
    assert binary in (str(ROOT / ".build" / "release" / "feedvm"), str(ROOT / ".build" / "debug" / "feedvm"))


def converse(block: Block, tmp_path: Path) -> None:
    """Sends the block's ``>>`` lines to the release binary and checks each ``<<`` line."""
    binary = ROOT / ".build" / "release" / "feedvm"
    if not os.access(binary, os.X_OK):
        pytest.skip("no release build (the README's first command makes it)")
    home = tmp_path / "home"
    home.mkdir()
    environment = {key: value for key, value in os.environ.items() if key != "FEEDVM_BIN"}
    environment.update(HOME=str(home), XDG_CACHE_HOME=str(home / ".cache"))
    steps = [(line[:3], line[3:]) for line in block.code.splitlines() if line.strip()]
    assert steps and all(marker in (">> ", "<< ") for marker, _ in steps), f"{block.name}: every line is >> or <<"
    process = subprocess.Popen([str(binary)], cwd=tmp_path, env=environment, stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    written: "queue.Queue[str]" = queue.Queue()

    def read() -> None:
        for line in process.stdout:
            written.put(line)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        for marker, text in steps:
            if marker == ">> ":
                process.stdin.write(text + "\n")
                process.stdin.flush()
                continue
            try:
                line = written.get(timeout=30).rstrip("\n")
            except queue.Empty:
                pytest.fail(f"{block.name}: no answer within 30 s, expected\n{text}")
            expect_line(block, text.replace(README_HOME, str(home)), line)
        process.stdin.close()
        assert process.wait(timeout=10) == 0
        reader.join(timeout=10)
        leftover = []
        while not written.empty():
            leftover.append(written.get())
        assert not leftover, f"{block.name}: the binary wrote more than the README shows: {leftover}"
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def expect_line(block: Block, expected: str, line: str) -> None:
    """``line`` is ``expected``, but for image paths: same directory, an existing file."""
    expected_paths, paths = IMAGE_PATH.findall(expected), IMAGE_PATH.findall(line)
    assert IMAGE_PATH.sub('"path":…', line) == IMAGE_PATH.sub('"path":…', expected), \
        f"{block.name}: the binary wrote\n{line}\nthe README shows\n{expected}"
    for shown, written in zip(expected_paths, paths):
        assert Path(written).parent == Path(shown).parent and Path(written).is_file(), (shown, written)
