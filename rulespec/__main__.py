"""`python -m rulespec …` runs the command line, like the `rulespec` script."""

import sys

from .cli import main

sys.exit(main())
