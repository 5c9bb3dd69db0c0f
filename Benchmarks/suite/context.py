"""What every benchmark needs to know about this run."""

import os
import shutil
import tempfile
from dataclasses import dataclass, field
from typing import List, Optional


@dataclass
class Context:
    """The binaries under test, the run's size, and a scratch folder removed at the end."""

    #: The release `feedvm` (the Swift runtime linked in, see Package.swift).
    feedvm: str
    #: The release `feedvm-bench` (JSON figures), when built.
    bench: Optional[str]
    #: Tiny sizes, one repeat: checks that everything runs, measures nothing.
    smoke: bool = False
    scratch: str = field(default_factory=lambda: tempfile.mkdtemp(prefix="feedvm-bench-"))

    def feedvm_command(self, *flags: str) -> List[str]:
        """`feedvm` with ``flags`` and a cache folder of this run (cold disk cache)."""
        cache = tempfile.mkdtemp(prefix="cache-", dir=self.scratch)
        return [self.feedvm, "--cache-dir", cache, *flags]

    def size(self, full: int, smoke: int) -> int:
        """``full`` normally, ``smoke`` in a smoke run."""
        return smoke if self.smoke else full

    def cleanup(self) -> None:
        """Removes the scratch folder."""
        shutil.rmtree(self.scratch, ignore_errors=True)
        if os.path.exists(self.scratch):
            raise OSError(f"could not remove {self.scratch}")
