"""Replay and re-record the protocol transcripts (``protocol/transcripts/*.jsonl``).

Usage::

    python -m feedvm.transcript check  [-v] [--bin PATH] FILE...
    python -m feedvm.transcript record [--tighten] [--bin PATH] FILE...

``check`` spawns ``feedvm`` once per file, sends the client lines and matches the server's
messages against the expected ones; it exits 1 when any file fails. ``record`` runs the same
conversation and rewrites the file's server lines from what the binary sent, keeping the
placeholders of every expected message that still matched (``--tighten`` replaces the
type placeholders ``$string``, ``$number``... by the values seen). The file format and the
matching rules are specified in ``protocol/transcripts/README.md``.

The binary is ``--bin``, else the one :func:`feedvm.find_binary` finds (``$FEEDVM_BIN``, the
wheel's binary, ``PATH``, the checkout's release then debug build). Standard library only.
"""

from .cli import main
from .format import LOOSE_PLACEHOLDERS, TYPE_PLACEHOLDERS, Line, TranscriptError, load, raw_bytes
from .matching import Bindings, match, match_message
from .recording import RECORD_QUIET, collect, describe_new, generalize, generalize_message, record, recorded_block
from .replay import DEFAULT_TIMEOUT, Conversation, blocks, run
from .server import Server, missing_feed_methods, repo_root, resolve_binary

__all__ = [
    "TranscriptError",
    "Line",
    "load",
    "resolve_binary",
    "missing_feed_methods",
    "match",
    "run",
    "record",
    "main",
    # Also public, for tests and tools built on the replay.
    "Bindings",
    "match_message",
    "repo_root",
    "raw_bytes",
    "Server",
    "Conversation",
    "blocks",
    "collect",
    "generalize",
    "generalize_message",
    "describe_new",
    "recorded_block",
    "DEFAULT_TIMEOUT",
    "RECORD_QUIET",
    "TYPE_PLACEHOLDERS",
    "LOOSE_PLACEHOLDERS",
]
