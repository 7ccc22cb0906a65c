"""``python -m nsb_widget``: the same as the ``nsb-widget`` command."""

import sys

from .cli import main

sys.exit(main())
