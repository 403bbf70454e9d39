"""The command line.  The click application is :mod:`wmdata.cli.app`; this package
imports nothing itself, so :mod:`wmdata.cli.quick` can run without click."""
