"""How long each command takes to start: the first run into an empty numba cache and a warm run.

    python benchmarks/startup.py                    # every command, cold then warm, 3 warm runs each
    python benchmarks/startup.py --only play help   # some of them (names in COMMANDS)
    python benchmarks/startup.py --warm-runs 5
    python benchmarks/startup.py --modules          # also: the compile time of each kernel module alone
    python benchmarks/startup.py --functions 12     # also: the 12 jitted functions that took longest to compile
    python benchmarks/startup.py --only play --cold-runs 3 --against DIR   # 3 cold runs each, old and new alternately

Each run is a fresh ``python -m piquet_calc ...`` (here: a child of this script that instruments
itself, then runs the command as the console script would). Its wall time, end to end, is split into

- ``python``: the interpreter starting, before the child's first line (wall minus the child's own clock);
- ``import``: importing modules (numba's own import counted apart, as ``numba``);
- ``load``: numba loading compiled kernels from its cache (``Cache.load_overload``);
- ``compile``: numba compiling (its ``numba:compile`` events; a kernel's callees compiled inside it count
  once), by kernel module;
- ``work``: the rest (parsing, counting, printing; a `play` on the plain solver's road solves here).

The notice column: "yes" when the run said it compiles, "plain" when `play` answered from the plain solver
(its kernels not compiled), "no" when it said nothing.

Time is charged to the innermost of compile > load > import active in any thread at that instant, so the
worker threads' compiles count and nothing is counted twice. "cold" runs into a fresh ``NUMBA_CACHE_DIR``
(``mktemp -d``), "warm" into the one the cold run filled (the least of ``--warm-runs``). Each figure is
printed with the load average (``os.getloadavg``) at its start: the machine may be shared. Never part of
the tests.

The last lines are ``startup-bench name=<...> cold_s=<...> warm_s=<...>``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HAND = "AS AH KH QH TH 8H 7H AD TD 9D 9C 8C"
PLAY_E, PLAY_D = "AS 7S AH KH QH TH 8H 7H AD 7D KC 7C", "KS QS JS TS 9S 8S KD QD 8D AC JC TC"
NORMAND = "AS KS QS JS 9S AH KH 8D 7D AC"
FOUR = "AS KS QS AH KH AD KD 7C"

# name: the command's arguments (after ``piquet-calc``)
COMMANDS: dict[str, list[str]] = {
    "help": ["--help"],
    "arg-error": ["discard", "AS AH XX", "--elder"],
    "usage-error": ["play", PLAY_E, PLAY_D, "--rules", "nonesuch"],
    "odds": ["odds", "AH KH QH", "--elder"],
    "score": ["score", PLAY_E, PLAY_D],
    "discard-elder": ["discard", HAND, "--elder"],
    "discard-younger": ["discard", "QS JS TS 9S 8S JH 9H KD QD AC JC TC", "--younger", "--elder-took", "4"],
    "declare": ["declare", "AS AH AD AC KS KH KD QS QH JS TS 9S", "--discards", "7S 8S 7H 8H 7D", "--elder"],
    "play": ["play", PLAY_E, PLAY_D],
    "discard-play": ["discard", "KS QS TS 9S 8S 7S KH QH AC JC KD 9D", "--elder", "--play"],
    "normand-discard": ["discard", NORMAND, "--rules", "normand", "--dealer", "--top", "5"],
    "normand-declare": ["declare", NORMAND, "--rules", "normand", "--seat", "middle"],
    "four-declare": ["declare", FOUR, "--rules", "four", "--seat", "elder"],
}
CATEGORIES = ("compile", "load", "numba", "import")  # innermost first; the rest is work

# ------------------------------------------------------------------------------------------- the child


class _Clock:
    """Wall time charged to the innermost category active in any thread (compile > load > import)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.active = dict.fromkeys(CATEGORIES, 0)
        self.spent = dict.fromkeys((*CATEGORIES, "work"), 0.0)
        self.last = time.perf_counter()
        self.local = threading.local()
        self.modules: dict[str, float] = {}  # compile time by kernel module (exclusive of nested compiles)
        self.functions: dict[str, float] = {}  # compile time by jitted function, "module.name" (likewise)
        self.loads: dict[str, float] = {}  # cache-loading time by kernel (its entry's whole library)

    def _charge(self, now: float) -> None:
        top = next((c for c in CATEGORIES if self.active[c]), "work")
        self.spent[top] += now - self.last
        self.last = now

    def enter(self, category: str) -> None:
        with self.lock:
            self._charge(time.perf_counter())
            self.active[category] += 1

    def leave(self, category: str) -> None:
        with self.lock:
            self._charge(time.perf_counter())
            self.active[category] -= 1

    def compile_started(self, module: str, function: str = "?") -> None:
        stack = self.local.__dict__.setdefault("stack", [])
        now = time.perf_counter()
        if stack:
            stack[-1][2] += now - stack[-1][1]  # the caller's own time so far
        stack.append([module, now, 0.0, function])
        self.enter("compile")

    def compile_ended(self) -> None:
        self.leave("compile")
        stack = self.local.stack
        module, since, own, function = stack.pop()
        now = time.perf_counter()
        self.modules[module] = self.modules.get(module, 0.0) + own + now - since
        key = f"{module}.{function}"
        self.functions[key] = self.functions.get(key, 0.0) + own + now - since
        if stack:
            stack[-1][1] = now


def _instrument_numba(clock: _Clock) -> None:
    """Hooks into numba once it is imported: compile events and cache loads."""
    import numba.core.caching as caching
    import numba.core.event as ev

    class Compiles(ev.Listener):
        def on_start(self, event: ev.Event) -> None:
            func = event.data["dispatcher"].py_func
            clock.compile_started(getattr(func, "__module__", "?"), getattr(func, "__qualname__", "?"))

        def on_end(self, event: ev.Event) -> None:
            clock.compile_ended()

    ev.register("numba:compile", Compiles())
    load = caching.Cache.load_overload

    def timed_load(self, *args, **kwargs):  # noqa: ANN001, ANN202
        clock.enter("load")
        t = time.perf_counter()
        try:
            return load(self, *args, **kwargs)
        finally:
            clock.leave("load")
            name = self._name.split()[1] if self._name.startswith("<function ") else self._name
            clock.loads[name] = clock.loads.get(name, 0.0) + time.perf_counter() - t

    caching.Cache.load_overload = timed_load


def _instrument_imports(clock: _Clock) -> None:
    import builtins

    real = builtins.__import__
    depth = threading.local()

    def timed_import(name, *args, **kwargs):  # noqa: ANN001, ANN202
        level = getattr(depth, "n", 0)
        first_numba = name.split(".")[0] == "numba" and "numba" not in sys.modules
        if (level and not first_numba) or name in sys.modules:
            depth.n = level + 1
            try:
                return real(name, *args, **kwargs)
            finally:
                depth.n = level
        category = "numba" if first_numba else "import"
        clock.enter(category)
        depth.n = level + 1
        try:
            return real(name, *args, **kwargs)
        finally:
            depth.n = level
            clock.leave(category)
            if "numba" in sys.modules and not getattr(_instrument_imports, "numba_done", False):
                _instrument_imports.numba_done = True  # type: ignore[attr-defined]
                _instrument_numba(clock)

    builtins.__import__ = timed_import


def child(args: list[str], report: str) -> None:
    """Run the command as the console script would, instrumented; the split into ``report`` (JSON)."""
    start = time.perf_counter()
    clock = _Clock()
    _instrument_imports(clock)
    status = 0
    try:
        from piquet_calc.cli.app import app
        from piquet_calc.engine import first_run

        if hasattr(first_run, "compile_aside"):  # what cli.app.run adds: a first run compiles on two cores
            from piquet_calc.cli.warm import aside

            first_run.compile_aside(aside)
        app(args, prog_name="piquet-calc")
    except SystemExit as e:
        status = e.code if isinstance(e.code, int) else 0
    finally:
        clock.enter("import")
        clock.leave("import")  # charge what is left
        Path(report).write_text(json.dumps({"spent": clock.spent, "modules": clock.modules,
                                            "functions": clock.functions, "loads": clock.loads,
                                            "total": time.perf_counter() - start, "status": status,
                                            "numba": "numba" in sys.modules}))
    sys.exit(status)


# ------------------------------------------------------------------------------------------ the parent


def run(args: list[str], cache: str, package: str | None = None) -> dict:
    """One instrumented run of ``piquet-calc ARGS`` with NUMBA_CACHE_DIR=cache (``package``: a folder holding
    another ``piquet_calc``, put first on the path); its split."""
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
        report = f.name
    env = {**os.environ, "NUMBA_CACHE_DIR": cache}
    if package:
        env["PYTHONPATH"] = os.pathsep.join(p for p in (package, os.environ.get("PYTHONPATH")) if p)
    load = os.getloadavg()[0]
    t = time.perf_counter()
    p = subprocess.run([sys.executable, __file__, "--child", report, "--", *args], env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - t
    data = json.loads(Path(report).read_text())
    os.unlink(report)
    data.update(wall=wall, load=load, stderr=p.stderr, python=wall - data["total"])
    return data


def row(name: str, kind: str, d: dict) -> str:
    s = d["spent"]
    notice = "yes" if "compiling" in d["stderr"] else "plain" if "answered by the plain solver" in d["stderr"] else "no"
    return (f"| {name} | {kind} | {d['wall']:.2f} | {d['python']:.2f} | {s['import']:.2f} | {s['numba']:.2f} | "
            f"{s['load']:.2f} | {s['compile']:.2f} | {s['work']:.2f} | {notice} | {d['load']:.2f} |")


HEADER = ("| command | run | wall s | python | import | numba import | cache load | compile | work | notice "
          "| load avg |\n"
          "|---|---|---:|---:|---:|---:|---:|---:|---:|---|---:|")


def modules_alone() -> None:
    """Compile time of each kernel family alone, into an empty cache (``piquet-calc warm --only F``)."""
    from piquet_calc.engine.families import FAMILIES

    print("\n| family | compile s | wall s | load avg |\n|---|---:|---:|---:|")
    for family in FAMILIES:
        cache = tempfile.mkdtemp(prefix="startup-bench-")
        try:
            d = run(["warm", "--only", family], cache)
        finally:
            shutil.rmtree(cache, ignore_errors=True)
        print(f"| {family} | {d['spent']['compile']:.2f} | {d['wall']:.2f} | {d['load']:.2f} |", flush=True)


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        child(sys.argv[4:], sys.argv[2])
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", nargs="*", choices=list(COMMANDS), default=list(COMMANDS))
    ap.add_argument("--warm-runs", type=int, default=3)
    ap.add_argument("--modules", action="store_true", help="also each kernel family compiled alone")
    ap.add_argument("--functions", type=int, default=0, metavar="N",
                    help="also the N jitted functions that took longest to compile in each cold run")
    ap.add_argument("--no-cold", action="store_true", help="warm runs only (into the default cache)")
    ap.add_argument("--cold-runs", type=int, default=1, help="cold runs of each version, alternately, each into "
                    "its own empty cache (the warm runs use the first's)")
    ap.add_argument("--against", metavar="DIR", help="also an earlier version: DIR holds its piquet_calc "
                    "(git archive REV piquet_calc | tar -x -C DIR), run alternately with this one")
    ap.add_argument("--against-only", nargs="*", choices=list(COMMANDS), help="the commands run for --against")
    args = ap.parse_args()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores; `uptime`: "
          f"{subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}")
    print(HEADER)
    lines = []
    for name in args.only:
        versions = [("", None)]
        if args.against and (args.against_only is None or name in args.against_only):
            versions = [(" (old)", args.against), (" (new)", None)]
        caches = {label: tempfile.mkdtemp(prefix="startup-bench-") for label, _ in versions}
        try:
            colds = {}
            for n, (label, package) in enumerate(v for _ in range(0 if args.no_cold else args.cold_runs)
                                                  for v in versions):  # old and new alternately
                first = n < len(versions)
                cache = caches[label] if first else tempfile.mkdtemp(prefix="startup-bench-")
                try:
                    cold = run(COMMANDS[name], cache, package)
                finally:
                    if not first:
                        shutil.rmtree(cache, ignore_errors=True)
                colds.setdefault(label, cold)
                print(row(name + label, f"cold {n // len(versions) + 1}", cold), flush=True)
                top = sorted(cold["modules"].items(), key=lambda kv: -kv[1])
                if top:
                    print("|  |  compile by module: " + ", ".join(f"{m.rsplit('.', 1)[-1]} {t:.1f}" for m, t in top)
                          + " |||||||||", flush=True)
                slow = sorted(cold.get("functions", {}).items(), key=lambda kv: -kv[1])[:args.functions]
                if slow:
                    print("|  |  compile by function: " + ", ".join(
                        f"{f.removeprefix('piquet_calc.kernels.')} {t:.1f}" for f, t in slow)
                          + f" ({len(cold['functions'])} compiled) |||||||||", flush=True)
            warms: dict[str, list[dict]] = {label: [] for label, _ in versions}
            for _ in range(args.warm_runs):
                for label, package in versions:
                    cache = caches[label] if not args.no_cold else os.environ.get("NUMBA_CACHE_DIR", "")
                    warms[label].append(run(COMMANDS[name], cache, package))
            for label, _ in versions:
                warm = min(warms[label], key=lambda d: d["wall"])
                print(row(name + label, f"warm (least of {args.warm_runs})", warm), flush=True)
                if warm["loads"]:
                    print("|  |  cache load by kernel: " + ", ".join(
                        f"{k.rsplit('.', 1)[-1]} {1000 * t:.0f} ms" for k, t in sorted(warm["loads"].items(),
                                                                                  key=lambda kv: -kv[1])[:8])
                          + f" ({len(warm['loads'])} loaded) |||||||||", flush=True)
                if warm["status"] not in (0, 2) or (label in colds and colds[label]["status"] != warm["status"]):
                    print(f"|  | status {warm['status']}: {warm['stderr'].strip()[-200:]} |||||||||")
                cold_s = colds[label]["wall"] if label in colds else float("nan")
                lines.append(f"startup-bench name={name}{label.strip().replace(' ', '')} cold_s={cold_s:.2f} "
                             f"warm_s={warm['wall']:.2f} numba={warm['numba']}")
        finally:
            for cache in caches.values():
                shutil.rmtree(cache, ignore_errors=True)
    if args.modules:
        modules_alone()
    print()
    for line in lines:
        print(line)


if __name__ == "__main__":
    main()
