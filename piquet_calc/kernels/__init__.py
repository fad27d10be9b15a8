"""Every numba-compiled function, on integer arrays and masks only; nothing outside this package
imports numba. ``layout`` (plain Python) owns the packed layouts; ``cache`` chooses where numba keeps
its compiled code. Importing this package does not import numba: its modules do, when a command
needs them."""
