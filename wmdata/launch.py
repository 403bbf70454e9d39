"""The ``wmdata`` console entry point.

``wmdata list validate`` is what organisers run on every submitted list and editors on
every save, so it first tries :mod:`wmdata.cli.quick`, which needs neither click nor
pydantic nor a YAML library; everything else (and anything the quick path is unsure
of) goes to the click application.  The imports live inside :func:`main` so that the
quick path never pays for the full one.

Start-up builds only objects that live as long as the process (modules, classes,
functions), so the cyclic garbage collector is off while the imports run (each of its
passes would walk them for nothing: about a twentieth of the quick path's start-up),
and they are then frozen out of its later passes.
"""

from __future__ import annotations

import gc
import sys


def _imports_done() -> None:
    gc.freeze()
    gc.enable()


def main() -> None:
    gc.disable()
    args = sys.argv[1:]
    if args[:2] == ["list", "validate"]:
        from wmdata.cli.quick import quick_list_validate  # noqa: PLC0415 - see the module docstring

        _imports_done()
        code = quick_list_validate(args[2:])
        if code is not None:
            sys.exit(code)
        gc.disable()
    from wmdata.cli.app import main as full_main  # noqa: PLC0415 - see the module docstring

    _imports_done()
    full_main()
