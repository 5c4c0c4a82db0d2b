"""`python -m app`: the GUI with no arguments, else the headless CLI (app.launcher decides)."""

from app.launcher import main

raise SystemExit(main())
