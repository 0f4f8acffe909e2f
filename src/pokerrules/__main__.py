"""``python -m pokerrules`` runs the command line."""

import sys

from pokerrules.cli import main

sys.exit(main())
