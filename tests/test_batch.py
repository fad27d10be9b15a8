"""`piquet-calc batch`: each output line is the command's own --json document, byte for byte, whatever runs it
(this process, worker processes, a real Dask LocalCluster); bad lines among good ones; a run killed by SIGKILL
and resumed with nothing lost or repeated; the window of lines in flight stays bounded.

The expected documents are not copied from batch: each is the command's own ``--json`` output for the same
arguments, run by the CLI apart.
"""

from __future__ import annotations

import json
import os
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import Future
from pathlib import Path

import pytest
from typer.testing import CliRunner

from piquet_calc import schemas
from piquet_calc.batch.lines import Item
from piquet_calc.batch.out import written_ids
from piquet_calc.batch.run import Tally, drive
from piquet_calc.cli import app, progress

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]
ONE_CARD = 'base = "rubicon"\n[exchange]\nelder = [1]\n'  # elder exchanges one card: twelve discards, fast
HAND = "AS AH KH QH TH 8H 7H AD TD 9D 9C 8C"
YOUNGER = "QS JS TS 9S 8S JH 9H KD QD AC JC TC"
B_ELDER = "AS 7S AH KH QH TH 8H 7H AD 7D KC 7C"  # 004's deal after the exchange
A_DEALER = "KS QS JS TS 9S 8S KD QD 8D AC JC TC"


def _lines(house: Path) -> list[tuple[dict, list[str]]]:
    """(a JSON line, the same request on the command line): every command with --json, discard --play too."""
    h = str(house)
    return [
        ({"id": "exact", "command": "discard", "hand": HAND, "elder": True, "top": 3, "rules": h},
         ["discard", HAND, "--elder", "--top", "3", "--rules", h]),
        ({"command": "discard", "hand": YOUNGER, "younger": True, "top": 2},
         ["discard", YOUNGER, "--younger", "--top", "2"]),
        ({"id": 30, "command": "discard", "hand": HAND, "elder": True, "play": True, "samples": 4, "seed": 11,
          "top": 2, "rules": h, "quiet": True},
         ["discard", HAND, "--elder", "--play", "--samples", "4", "--seed", "11", "--top", "2", "--rules", h, "-q"]),
        ({"command": "discard", "hand": HAND, "elder": True, "rules": h, "why": "8C"},
         ["discard", HAND, "--elder", "--rules", h, "--why", "8C"]),
        ({"command": "declare", "hand": A_DEALER, "younger": True, "discards": "7H 8H", "elder_blanche": True},
         ["declare", A_DEALER, "--younger", "--discards", "7H 8H", "--elder-blanche"]),
        ({"command": "score", "hands": [B_ELDER, A_DEALER], "rules": "encyclopedia"},
         ["score", B_ELDER, A_DEALER, "--rules", "encyclopedia"]),
        ({"command": "play", "hands": [B_ELDER, A_DEALER], "tricks": "AS KS"},
         ["play", B_ELDER, A_DEALER, "--tricks", "AS KS"]),
        ({"command": "odds", "cards": "AH KH", "elder": True, "at_least": 1},
         ["odds", "AH KH", "--elder", "--at-least", "1"]),
    ]


@pytest.fixture(scope="module")
def house(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("rules") / "one-card.toml"
    path.write_text(ONE_CARD)
    return path


@pytest.fixture(scope="module")
def requests(house: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("batch") / "requests.jsonl"
    path.write_text("".join(json.dumps(obj) + "\n" for obj, _ in _lines(house)))
    return path


@pytest.fixture(scope="module")
def local_run(requests: Path) -> str:
    """The batch's output, one worker (this process)."""
    r = runner.invoke(app, ["batch", str(requests), "--workers", "1", "-q"])
    assert r.exit_code == 0, r.output
    return r.stdout


def _cli(args: list[str]) -> str:
    """The command's own --json document, exactly as it prints it."""
    r = runner.invoke(app, [*args, "--json"])
    assert r.exit_code == 0, (args, r.output)
    return r.stdout


def _envelope(line_id: object, command: str, document: str) -> str:
    head = json.dumps({**schemas.header("batch"), "id": line_id, "command": command}, ensure_ascii=False,
                      separators=(",", ":"))[:-1]
    return f'{head},"result":{json.dumps(json.loads(document), ensure_ascii=False, separators=(",", ":"))}}}'


def test_each_line_is_the_commands_own_json_byte_for_byte(local_run: str, house: Path) -> None:
    lines = local_run.splitlines()
    assert len(lines) == len(_lines(house))
    validator = schemas.validator("batch")
    for number, (line, (obj, args)) in enumerate(zip(lines, _lines(house), strict=True), start=1):
        document = _cli(args)
        got = json.loads(line)
        assert json.dumps(got["result"], indent=1, ensure_ascii=False) + "\n" == document  # the document, as printed
        assert line == _envelope(obj.get("id", number), args[0], document)  # the whole line, byte for byte
        assert not list(validator.iter_errors(got))
        assert not list(schemas.validator(got["result"]["schema"].removesuffix(".schema.json")).iter_errors(
            got["result"]))


def test_two_worker_processes_write_the_same_bytes(local_run: str, requests: Path) -> None:
    """Each worker its own process and its share of the cores; the figures and the order the same."""
    r = runner.invoke(app, ["batch", str(requests), "--workers", "2", "-q"])
    assert r.exit_code == 0, r.output
    assert r.stdout == local_run


def test_a_dask_local_cluster_writes_the_same_bytes(local_run: str, requests: Path) -> None:
    """A real distributed.LocalCluster (two workers, in this process): its scheduler runs the lines."""
    distributed = pytest.importorskip("distributed", reason="the cluster extra: pip install 'piquet-calc[cluster]'")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cl:
        r = runner.invoke(app, ["batch", str(requests), "--cluster", cl.scheduler_address, "-q"])
    assert r.exit_code == 0, r.output
    assert r.stdout == local_run


def test_without_dask_the_cluster_is_one_clear_line(requests: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now fails, as when not installed
    r = runner.invoke(app, ["batch", str(requests), "--cluster", "tcp://127.0.0.1:8786"])
    assert r.exit_code == 2
    assert r.stderr == 'piquet-calc: error: --cluster needs Dask: pip install "piquet-calc[cluster]"\n'


def test_a_cluster_address_where_no_scheduler_speaks_gives_up_in_time(tmp_path: Path) -> None:
    """Something listens at the address, accepts and never speaks (not a Dask scheduler): batch gives up after
    --cluster-timeout seconds with one line naming the address, exit 2, and nothing written to --out."""
    pytest.importorskip("distributed", reason="the cluster extra: pip install 'piquet-calc[cluster]'")
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.2)
    accepted: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        while not stop.is_set():
            try:
                accepted.append(server.accept()[0])
            except TimeoutError:
                continue

    listener = threading.Thread(target=accept, daemon=True)
    listener.start()
    address = f"tcp://127.0.0.1:{server.getsockname()[1]}"
    requests, out = tmp_path / "r.jsonl", tmp_path / "out.jsonl"
    _odds_requests(requests, 2)
    command = [sys.executable, "-m", "piquet_calc", "batch", str(requests), "--cluster", address,
               "--cluster-timeout", "3", "--out", str(out), "-q"]
    start = time.monotonic()
    try:
        r = subprocess.run(command, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
                           timeout=90)
    finally:
        stop.set()
        listener.join()
        for conn in accepted:
            conn.close()
        server.close()
    took = time.monotonic() - start
    assert r.returncode == 2, (r.returncode, r.stderr)
    assert r.stderr.startswith("piquet-calc: error: --cluster: ") and r.stderr.count("\n") == 1, r.stderr
    assert repr(address) in r.stderr and "within 3 s" in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert accepted, "batch never reached the listener"
    assert took < 40, took  # 3 s and the start of a Python process, on a busy machine
    assert not out.exists() or out.read_bytes() == b""


def _error(args: list[str]) -> str:
    """The message the command prints for these arguments (exit 2)."""
    r = runner.invoke(app, [*args, "--json"])
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith("piquet-calc: error: ") and r.stderr.count("\n") == 1
    return r.stderr.removeprefix("piquet-calc: error: ").rstrip("\n")


def test_bad_lines_among_good_ones(tmp_path: Path) -> None:
    """Each bad line is its own error line, with the command's own message; the good ones run; exit 1 and a
    summary that counts the failed."""
    good = {"command": "odds", "cards": "AH", "elder": True}
    rows = [json.dumps(good), "not json", json.dumps({"id": "k", "command": "odds", "cards": "AH KX", "elder": True}),
            "", json.dumps({"command": "odds", "cards": "AH", "elder": "yes"}),
            json.dumps({"command": "odds", "cards": "AH", "bogus": 1}), json.dumps({"command": "warm"}),
            json.dumps({"command": "odds", "cards": "AH", "take": 9, "elder": True}), "[1]",
            json.dumps({"id": 2.5, "command": "odds"}), json.dumps({**good, "id": "last"})]
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(("\n".join(rows) + "\n").encode() + b"\xff\xfe\n")
    r = runner.invoke(app, ["batch", str(path), "--workers", "1"])
    assert r.exit_code == 1, r.output
    out = [json.loads(line) for line in r.stdout.splitlines()]
    assert [o["id"] for o in out] == [1, 2, "k", 5, 6, 7, 8, 9, 10, "last", 12]  # blank line 4 skipped
    assert out[0]["result"] == out[9]["result"] == json.loads(_cli(["odds", "AH", "--elder"]))
    errors = {o["id"]: o.get("error") for o in out}
    assert errors[2].startswith("not JSON: ")
    assert errors["k"] == _error(["odds", "AH KX", "--elder"])
    assert errors[5] == 'elder: a flag, true or false, not "yes"'
    assert errors[6].startswith('odds takes no "bogus": its keys are cards, take, at_least')
    assert errors[7].startswith('no command "warm" to batch: one of discard, declare, score, play, odds')
    assert errors[8] == _error(["odds", "AH", "--take", "9", "--elder"])
    assert errors[9].startswith("a line is a JSON object")
    assert errors[10] == '"id" is a string or a whole number, not 2.5'
    assert errors[12] == "not UTF-8 text"
    assert "; 9 failed" in r.stderr.splitlines()[-1]
    assert all(not list(schemas.validator("batch").iter_errors(o)) for o in out)


DEEP = 100_000  # arrays nested far past Python's stack


def test_a_line_nested_too_deep_or_with_a_key_twice_is_that_line_s_error(tmp_path: Path) -> None:
    """JSON lines read strictly: a key given twice (the last is not taken silently) and nesting past the stack
    are each their line's error, naming what is wrong; the run goes on, exit 1."""
    good = {"command": "odds", "cards": "AH", "elder": True}
    rows = ['{"command": "odds", "cards": "AH", "take": 1, "take": 2}', json.dumps(good),
            '{"command": "odds", "cards": ' + "[" * DEEP + "]" * DEEP + "}",
            '{"id": "x", "id": "y", "command": "odds", "cards": "AH", "elder": true}']
    path = tmp_path / "strict.jsonl"
    path.write_text("\n".join(rows) + "\n")
    r = runner.invoke(app, ["batch", str(path), "--workers", "1", "-q"])
    assert r.exit_code == 1, r.output
    out = [json.loads(line) for line in r.stdout.splitlines()]
    assert [o["id"] for o in out] == [1, 2, 3, 4]
    assert [o.get("error") for o in out] == ["key 'take' given twice", None, "nested too deeply",
                                             "key 'id' given twice"]


@pytest.mark.parametrize("bad", ['{"id": 1, "id": 2}', "[" * DEEP + "]" * DEEP])
def test_resume_over_a_line_that_is_no_batch_line(bad: str, tmp_path: Path) -> None:
    """--resume reads its own output back as strictly: a line with a key twice or nested past the stack is not
    a batch line (one line, exit 2), not a traceback."""
    requests = tmp_path / "r.jsonl"
    _odds_requests(requests, 3)
    out = tmp_path / "out.jsonl"
    out.write_text(bad + "\n")
    r = runner.invoke(app, ["batch", str(requests), "--out", str(out), "--resume", "-q"])
    assert r.exit_code == 2, (r.exception, r.output)
    assert r.stderr.startswith("piquet-calc: error: --resume: line 1 of ") and r.stderr.endswith(
        "is not a batch line\n"), r.stderr


def test_plain_lines_a_hand_a_line(house: Path) -> None:
    """``batch discard --elder --top 3 < hands``: each line the hand; a bad hand is its line's error."""
    hands = [HAND, "AS AH KH", "QS JS TS 9S 8S JH 9H KD QD AC JC TC"]
    r = runner.invoke(app, ["batch", "discard", "--elder", "--top", "3", "--rules", str(house)],
                      input="\n".join(hands) + "\n")
    assert r.exit_code == 1, r.output
    out = r.stdout.splitlines()
    for number in (1, 3):
        args = ["discard", hands[number - 1], "--elder", "--top", "3", "--rules", str(house)]
        assert out[number - 1] == _envelope(number, "discard", _cli(args))
    assert json.loads(out[1])["error"] == _error(["discard", "AS AH KH", "--elder", "--rules", str(house)])
    # two arguments a line, separated by |; a list argument (score's hands) takes them all
    r = runner.invoke(app, ["batch", "play", "-q"], input=f"{B_ELDER} | {A_DEALER}\n")
    assert r.stdout == _envelope(1, "play", _cli(["play", B_ELDER, A_DEALER])) + "\n"
    r = runner.invoke(app, ["batch", "score"], input=f"{B_ELDER}|{A_DEALER}\n")
    assert r.stdout == _envelope(1, "score", _cli(["score", B_ELDER, A_DEALER])) + "\n"


def test_what_batch_is_given_wrong_is_one_line_and_exit_2(tmp_path: Path) -> None:
    cases = [
        (["batch", "discard", "--bogus"], "discard: No such option: --bogus"),
        (["batch", "warm"], "warm has no --json: batch runs discard, declare, score, play, odds"),
        (["batch", "nowhere.jsonl"], "cannot read 'nowhere.jsonl': No such file or directory"),
        (["batch", "a.jsonl", "b.jsonl"], "one FILE of JSON lines, not 2 words"),
        (["batch", "--resume"], "--resume goes on with an --out file: give it"),
        (["batch", "--workers", "0"], "--workers must be 1 to 256, not 0"),
        (["batch", "--bogus"], "No such option: --bogus"),
        (["batch", "--workers", "2", "--cluster", "tcp://x:1"], "--workers is for this machine"),
    ]
    for args, message in cases:
        r = runner.invoke(app, args, input="")
        assert r.exit_code == 2, (args, r.output)
        assert r.stderr.startswith(f"piquet-calc: error: {message}") and r.stderr.count("\n") == 1, r.stderr
    out = tmp_path / "out.jsonl"
    out.write_text("{}\n")
    r = runner.invoke(app, ["batch", "--out", str(out)], input="")
    assert r.exit_code == 2 and "exists: --resume goes on with it" in r.stderr


def _odds_requests(path: Path, n: int) -> list[str]:
    """n quick lines (odds of n different holdings), each with its id."""
    ranks = "AKQJT987"
    rows = [json.dumps({"id": f"r{i}", "command": "odds", "cards": f"{ranks[i % 8]}H {ranks[(i // 8) % 8]}S",
                        "take": 1 + i % 5}) for i in range(n)]
    path.write_text("\n".join(rows) + "\n")
    return rows


def test_resume_drops_a_partial_line_and_appends_the_rest(tmp_path: Path) -> None:
    requests = tmp_path / "r.jsonl"
    _odds_requests(requests, 12)
    whole = runner.invoke(app, ["batch", str(requests), "-q"]).stdout.encode()
    lines = whole.splitlines(keepends=True)
    out = tmp_path / "out.jsonl"
    out.write_bytes(b"".join(lines[:5]) + lines[5][:17])  # a kill in the middle of line 6
    r = runner.invoke(app, ["batch", str(requests), "--out", str(out), "--resume"])
    assert r.exit_code == 0, r.output
    assert out.read_bytes() == whole
    assert "7 lines" in r.stderr and "5 already written" in r.stderr
    r = runner.invoke(app, ["batch", str(requests), "--out", str(out), "--resume"])  # all done: nothing to do
    assert r.exit_code == 0 and out.read_bytes() == whole
    other = tmp_path / "other.jsonl"
    other.write_text(requests.read_text().replace('"r3"', '"x3"'))
    r = runner.invoke(app, ["batch", str(other), "--out", str(out), "--resume"])
    assert r.exit_code == 2 and "not this input's output" in r.stderr


def test_a_run_killed_by_sigkill_resumes_with_nothing_lost_or_repeated(tmp_path: Path, house: Path) -> None:
    """A real process killed mid-run (SIGKILL: no handler, no flush); its lines are whole; --resume in a fresh
    process writes the rest; the file then equals an uninterrupted run's, byte for byte."""
    requests = tmp_path / "r.jsonl"
    rows = [json.dumps({"id": i, "command": "discard", "hand": hand, "elder": True, "top": 1, "rules": str(house)})
            for i, hand in enumerate([HAND, YOUNGER, B_ELDER, A_DEALER] * 2)]  # 8 lines: killed after 2 or more
    requests.write_text("\n".join(rows) + "\n")
    out = tmp_path / "out.jsonl"
    command = [sys.executable, "-m", "piquet_calc", "batch", str(requests), "--out", str(out), "--workers", "1",
               "-q"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and process.poll() is None:
        if out.exists() and out.read_bytes().count(b"\n") >= 2:
            break
        time.sleep(0.005)
    assert process.poll() is None, "the run ended before it could be killed"
    process.send_signal(signal.SIGKILL)
    process.wait()
    killed = out.read_bytes()
    whole_lines = killed[:killed.rfind(b"\n") + 1].splitlines()
    assert 2 <= len(whole_lines) < len(rows)
    assert [json.loads(line)["id"] for line in whole_lines] == list(range(len(whole_lines)))
    resumed = subprocess.run([*command, "--resume"], env=env, capture_output=True, timeout=600)
    assert resumed.returncode == 0, resumed.stderr
    full = runner.invoke(app, ["batch", str(requests), "-q"])
    assert out.read_bytes() == full.stdout.encode()
    assert [json.loads(line)["id"] for line in out.read_bytes().splitlines()] == list(range(len(rows)))


def _session_processes(session: int) -> list:
    """The live processes of a session (zombies, which are dead, left out)."""
    import psutil

    alive = []
    for proc in psutil.process_iter():
        try:
            if os.getsid(proc.pid) == session and proc.status() != psutil.STATUS_ZOMBIE:
                alive.append(proc)
        except (OSError, psutil.Error):  # gone meanwhile
            continue
    return alive


def test_a_batch_killed_by_sigkill_leaves_no_process_behind() -> None:
    """batch --workers 2 in a session of its own, killed by SIGKILL once both workers run lines: within 10 s
    nothing of the session is left (the workers notice their parent is gone; the resource tracker follows)."""
    psutil = pytest.importorskip("psutil", reason="installed with distributed (the test extra)")
    command = [sys.executable, "-m", "piquet_calc", "batch", "odds", "--elder", "--workers", "2", "-q"]
    process = subprocess.Popen(command, env={**os.environ, "PYTHONPATH": str(ROOT)}, stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True)
    session = process.pid
    try:
        assert process.stdin is not None and process.stdout is not None
        # more lines than the window holds (4 a worker), so that the first answers are written; stdin stays open
        process.stdin.write(b"".join(f"{rank}{suit}\n".encode() for suit in "HS" for rank in "AKQJT987"))
        process.stdin.flush()
        deadline = time.monotonic() + 120
        workers: list = []
        while time.monotonic() < deadline and len(workers) < 2:
            time.sleep(0.1)
            workers = [p for p in psutil.Process(process.pid).children(recursive=True)
                       if "spawn_main" in " ".join(p.cmdline())]
        assert len(workers) == 2, workers
        assert select.select([process.stdout], [], [], max(1.0, deadline - time.monotonic()))[0], "no line answered"
        assert process.stdout.readline().startswith(b'{"schema_version":1,"schema":"batch.schema.json"')
        assert len(_session_processes(session)) >= 3  # batch, its two workers (and the resource tracker)
        process.kill()
        process.wait()
        gone = time.monotonic() + 10
        while time.monotonic() < gone and _session_processes(session):
            time.sleep(0.1)
        left = [(p.pid, " ".join(p.cmdline())[:80]) for p in _session_processes(session)]
        assert left == [], left
    finally:
        process.kill()
        for proc in _session_processes(session):  # whatever a failed run left, ended here
            proc.kill()


class _CountingRunner:
    """A runner that answers later (each future done when the driver asks the oldest), counting how many it
    holds: the driver's window, checked."""

    window = 3

    def __init__(self) -> None:
        self.held: list[Future] = []
        self.most = 0

    def submit(self, task: tuple[str, list[str]]) -> Future:
        future: Future = Future()
        future.add_done_callback(lambda f: self.held.remove(f))
        self.held.append(future)
        self.most = max(self.most, len(self.held))
        return _Settles(future, task)

    def close(self) -> None:
        return None


class _Settles:
    def __init__(self, future: Future, task: tuple[str, list[str]]) -> None:
        self.future, self.task = future, task

    def done(self) -> bool:
        return False

    def result(self) -> tuple[str, None]:
        self.future.set_result(None)
        return json.dumps({"schema_version": 1, "schema": "odds.schema.json", "n": self.task[1]}), None


def test_the_input_is_streamed_through_a_bounded_window() -> None:
    """10,000 lines: never more than the window in flight, the input read only as far as it is needed, the
    output in order."""
    read = []

    def items():
        for n in range(1, 10_001):
            read.append(n)
            yield Item(n, n, "odds", ("odds", [str(n)]))

    runner_ = _CountingRunner()
    written: list[str] = []

    def write(line: str) -> None:
        written.append(line)
        assert len(read) <= len(written) + runner_.window + 1

    tally = drive(items(), runner_, write, iter(()), lambda *a: None, lambda t: None)
    assert tally == Tally(done=10_000, failed=0, skipped=0)
    assert runner_.most <= runner_.window + 1
    assert [json.loads(line)["result"]["n"] for line in written] == [[str(n)] for n in range(1, 10_001)]


def test_written_ids_cut_a_partial_line(tmp_path: Path) -> None:
    path = tmp_path / "out.jsonl"
    path.write_bytes(b'{"id": 1}\n{"id": "two"}\n{"id": 3')
    assert list(written_ids(path)) == [1, "two"]
    assert path.read_bytes() == b'{"id": 1}\n{"id": "two"}\n'


def test_progress_says_lines_failed_rate_and_time_left(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    monkeypatch.setattr(progress, "BATCH_EVERY", 0.0)
    stream = io.StringIO()
    clock = [100.0]
    monkeypatch.setattr(progress.time, "monotonic", lambda: clock[0])
    shown = progress.BatchProgress(stream, total=12, quiet=False)
    shown(Tally(done=1, skipped=2))  # the first line: the pace is measured from it on (tests/test_progress.py)
    clock[0] += 3.0
    stream.seek(0)
    stream.truncate()
    shown(Tally(done=4, failed=1, skipped=2))
    line = stream.getvalue()
    assert line.startswith("piquet-calc: batch: 4 of 10 lines, 1 failed, ") and line.endswith(" left\n"), line
    quiet = io.StringIO()
    silent = progress.BatchProgress(quiet, total=12, quiet=True)
    silent(Tally(done=4))
    silent.finish(Tally(done=12))
    assert quiet.getvalue() == ""  # --quiet: nothing when no line failed ...
    silent.finish(Tally(done=12, failed=3))
    assert quiet.getvalue().endswith("; 3 failed\n")  # ... but the count of failed lines
