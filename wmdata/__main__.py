"""``python -m wmdata`` runs the command line."""

from wmdata.launch import main

main()
