"""The ``domino`` command's entry point.

Python's garbage collector runs full passes over every object the imports create; before the
table's first frame nothing worth collecting exists yet, so the collector waits: it is switched
back on once the app has painted its first frame, and after one second whatever the command does
(a long ``domino arena`` never runs without it). Measured by ``benchmarks/app.py``.
"""

from __future__ import annotations

import gc
import threading

GC_PAUSE_SECONDS = 1.0


def main() -> None:
    gc.disable()
    resume = threading.Timer(GC_PAUSE_SECONDS, gc.enable)
    resume.daemon = True
    resume.start()
    try:
        from domino_tui.cli import main as cli_main

        cli_main()
    finally:
        resume.cancel()
        gc.enable()
