"""The command line (typer): parse arguments, call an analysis, call report; nothing else."""

from .app import app, run

__all__ = ["app", "run"]
