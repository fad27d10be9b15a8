"""Plain Python, the readable reference the kernels are tested against: one hand's declarations and a
deal's score (``declarations``)."""
