"""Helpers the client tests import by name (fixtures live in conftest.py).

Kept out of conftest.py so that `from client_support import ...` names one module even when
pytest also loads the reliability suite's own conftest.
"""

import sys
from pathlib import Path
from typing import Optional

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run from a checkout without installing

import feedvm  # noqa: E402

FAKE_SERVER = HERE / "fake_feedvm.py"


def real_binary_path() -> Optional[str]:
    """The binary :func:`feedvm.find_binary` finds from this checkout, ``None`` when none is built."""
    try:
        return feedvm.find_binary(start=HERE)
    except feedvm.BinaryNotFound:
        return None


def fake_client(*extra_args: str, **kwargs) -> feedvm.Client:
    """A Client spawned on the test double (tests/fake_feedvm.py), not on feedvm."""
    return feedvm.Client(binary=sys.executable, args=[str(FAKE_SERVER), *extra_args], **kwargs)


def session_events(client: feedvm.Client, session: str):
    """(method, status-or-None) of every buffered notification of ``session``, in order."""
    events = []
    for note in client.notifications(timeout=0):
        if note.session == session:
            events.append((note.method, note.params.get("status") or note.params.get("style")))
    return events
