"""`python -m app`: the GUI with no arguments, else the headless CLI."""

from app.cli.main import main

raise SystemExit(main())
