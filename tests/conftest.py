"""Settings for the whole test run.

Games and widgets speak the environment's language by default (``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES``, ``LANG``). The tests assert English text unless they choose a language, so the
run fixes English here, for this process and the Jupyter servers and kernels it starts, whatever
the developer's own locale; tests of the default monkeypatch these variables themselves.
"""

import os

os.environ["LANGUAGE"] = "en"
