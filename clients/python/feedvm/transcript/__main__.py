"""Runs ``feedvm.transcript.cli.main`` for ``python -m feedvm.transcript``."""

import sys

from .cli import main

sys.exit(main())
