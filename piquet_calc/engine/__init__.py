"""Drivers between the rules and the kernels: rules to kernel tables (``tables``), worker threads and
progress (``enumeration``)."""
