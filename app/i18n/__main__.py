"""``python -m app.i18n update|compile|check``: see :mod:`app.i18n.tools`."""

from __future__ import annotations

import sys

from app.i18n.tools import main

sys.exit(main())
