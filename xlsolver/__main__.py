"""``python -m xlsolver`` runs the command line."""

import sys

from xlsolver.cli import main

sys.exit(main())
