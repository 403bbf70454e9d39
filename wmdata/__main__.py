"""``python -m wmdata`` runs the command line."""

from wmdata.cli import main

main()
