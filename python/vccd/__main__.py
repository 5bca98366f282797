"""python3 -m vccd COMMAND: the package's command line (see --help)."""
import sys

from vccd.cli import main

sys.exit(main(sys.argv[1:]))
