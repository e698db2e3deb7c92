"""``python -m xlsolver`` runs the command line."""

import sys

from xlsolver.cli import main

__all__: list[str] = []

sys.exit(main())
