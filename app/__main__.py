"""`python -m app`: the GUI with no arguments, else the headless CLI."""

from app.cli import main

raise SystemExit(main())
