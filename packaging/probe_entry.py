"""Entry script of the frozen GPU probe: ``inference-sizer-probe [probe options]``.

The same as ``python -m app probe`` (``probe`` is implied; ``probe-import FILE`` also works), in one
file to copy onto a client's Linux GPU server: no Qt, no database, no PDF. The probe's benchmark
worker re-runs this executable as ``inference-sizer-probe probe --worker``
(app.probe.worker.worker_command).
"""

from app.probe.__main__ import main

if __name__ == "__main__":
    raise SystemExit(main())
