"""README.md's and clients/python/README.md's examples run as written, from a fresh venv.

Every fenced ``sh`` and ``python`` block of each README runs in document order (later blocks
build on earlier ones, as for a reader), in a new virtual environment per README (activated for
shell blocks; its interpreter runs the Python ones), from the repository root, without
``$FEEDVM_BIN``. A ``print(...)  # expected`` line in a Python block must print exactly
``expected``. A block right after ``<!-- readme-check: skip (reason) -->`` is not run: the test
reports it as skipped, with the reason, so the check says what it leaves out.
"""

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional

import pytest

from conftest import ROOT, FreshVenv

READMES = [ROOT / "README.md", ROOT / "clients" / "python" / "README.md"]
RUNNABLE = {"sh", "python"}
FENCE = re.compile(r"^```(\w*)\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
SKIP_MARKER = re.compile(r"<!-- readme-check: skip \((.+)\) -->\s*$")
EXPECTED_PRINT = re.compile(r"^\s*print\(.*\)\s+# (.+)$")


@dataclass(frozen=True)
class Block:
    readme: Path
    line: int
    language: str
    code: str
    skip: Optional[str]

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
                           marker.group(1) if marker else None))
    return found


BLOCKS = [block for readme in READMES for block in blocks_of(readme) if block.language in RUNNABLE]


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
    environment = venvs[block.readme]
    if block.language == "sh":
        done = environment.run(block.code, timeout=1800)
    else:
        script = tmp_path / "snippet.py"
        script.write_text(block.code, encoding="utf-8")
        done = environment.run([str(environment.python), str(script)], timeout=600)
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
