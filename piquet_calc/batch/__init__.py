"""Many lines in one run (``piquet-calc batch``): JSON lines in and out, on every core, or on a Dask cluster.

The rooms, in the order a line goes through them:

* ``lines.py``: the input read a line at a time (blank lines skipped, their numbers kept), counted when it
  is a file (for the time left), and the output line, one JSON object: the envelope around a command's
  own --json document, or the line's error.
* ``run.py``: the runners (this process; worker processes on this machine; ``cluster.py``: a Dask
  scheduler) and ``drive``, which keeps a bounded window of lines in flight and writes the answers in
  the input's order as they come in (its progress on stderr: cli/progress.py's ``BatchProgress``).
* ``out.py``: where the lines go: stdout, or a file written a whole line at a time and read back by
  ``--resume`` (a partial last line dropped; the lines already there skipped, never run twice).

Nothing here knows a command: cli/batch.py turns a line into a task (a command's name and its argument
list) and hands over the function that runs a task (cli/batch_item.py's ``run_item``, which calls the
command's own code in the worker's process); no layer below knows whether it runs on one core or forty.
"""
