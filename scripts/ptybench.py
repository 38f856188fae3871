#!/usr/bin/env python3
"""Whole-process benchmarks through a pseudo-terminal: todos-tui against its peers.

Spawns a program on a pty of a given size (TERM=xterm-256color), types keys, and timestamps every
chunk the program writes to the terminal. From those timestamps it measures:

  first frame   launch → the last byte of the output burst that shows the app's marker text
                (e.g. "items left"), once the terminal has been quiet for a while;
  key latency   key written → last byte of the screen update it caused (then quiet);
  bytes/key     bytes written to the terminal for that update;
  peak RSS      VmHWM from /proc/PID/status (after the keys, before quitting);
  idle          CPU ticks and context switches of the app over one idle second.

Runs of todos-tui and of the peers alternate within one invocation (round robin, the order rotated
each round) so that machine noise hits all of them alike; figures are medians, with ratios to ours.

    scripts/ptybench.py all --app .build/release/todos-tui          # everything, writes a report
    scripts/ptybench.py startup --app .build/release/todos-tui --apps ours,tudu --sizes 0,10000
    scripts/ptybench.py keys --apps ours,calcurse --sizes 100,100000
    scripts/ptybench.py probe -- calcurse -D /tmp/x                 # show timestamped raw output
    scripts/ptybench.py baseline     # launch→exit of tiny Swift programs: no Foundation or with it

Python 3 standard library only. Data files come from scripts/gen-todos.py.
"""
import argparse
import fcntl
import importlib.util
import json
import os
import platform
import re
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

_spec = importlib.util.spec_from_file_location("gen_todos", os.path.join(HERE, "gen-todos.py"))
gen_todos = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen_todos)

CLK_TCK = os.sysconf("SC_CLK_TCK")
now = time.perf_counter

# Escape sequences, removed before looking for marker text.
_ESCAPES = re.compile(
    rb"\x1b\[[0-?]*[ -/]*[@-~]"  # CSI
    rb"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC
    rb"|\x1bP[^\x1b]*\x1b\\"  # DCS
    rb"|\x1b[()*+][0-9A-Za-z]"  # charset designation
    rb"|\x1b[@-Z\\-_=>78]"  # other two-byte escapes
)
_NOISE = re.compile(rb"[\x00-\x20\x7f]+")


def visible_text(raw):
    """The printable text in raw terminal output, without escapes or whitespace."""
    return _NOISE.sub(b"", _ESCAPES.sub(b"", raw)).decode("utf-8", "replace")


class Session:
    """A program running on a pty whose output is read and timestamped.

    ```python
    s = Session(["calcurse", "-D", "/tmp/cal"], rows=24, cols=80)
    s.wait_for_marker("TODO", quiet=0.15)
    latency, nbytes = s.key(b"j")
    s.quit(b"q")
    ```
    """

    def __init__(self, argv, rows=24, cols=80, env=None, cwd=None):
        env = dict(env if env is not None else os.environ)
        # ESCDELAY: ncurses waits this long after Esc for a sequence; 25 ms for every app alike
        # (todos-tui sets the same with set_escdelay).
        env.update(TERM="xterm-256color", LINES=str(rows), COLUMNS=str(cols), ESCDELAY="25")
        self.argv = argv
        self.chunks = []  # (time, bytes)
        self.total = 0
        self.exited = False
        self.status = None
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        # Popen without preexec_fn can use vfork: launching costs ~1 ms instead of the ~4 ms of a
        # full fork of this interpreter (pty.fork). The child gets a new session but no
        # controlling terminal, which no measured program needs (no job control, no /dev/tty).
        self.t0 = now()
        self.process = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=cwd,
            start_new_session=True, close_fds=True)
        os.close(slave)
        self.pid, self.fd = self.process.pid, master

    # Reading -----------------------------------------------------------------------------------

    def _read(self, timeout):
        """Reads one chunk if any arrives within `timeout` s; returns it (b"" on timeout/EOF)."""
        if self.exited:
            return b""
        ready, _, _ = select.select([self.fd], [], [], max(0.0, timeout))
        if not ready:
            return b""
        try:
            data = os.read(self.fd, 1 << 16)
        except OSError:  # EIO: the child closed the pty
            data = b""
        t = now()
        if not data:
            self.exited = True
            return b""
        self.chunks.append((t, data))
        self.total += len(data)
        return data

    def settle(self, quiet, timeout=30.0):
        """Reads until no output for `quiet` s (or `timeout`); returns the last output time."""
        deadline = now() + timeout
        last = self.chunks[-1][0] if self.chunks else self.t0
        while not self.exited:
            wait = min(quiet - (now() - last), deadline - now())
            if wait <= 0:
                break
            if self._read(wait):
                last = self.chunks[-1][0]
        return last

    def wait_for_marker(self, marker, quiet=0.15, timeout=60.0):
        """Seconds from launch to the end of the first frame showing `marker` (a regex over the
        visible text with whitespace removed), i.e. its last byte before `quiet` s of silence.
        None if the marker never shows within `timeout`."""
        pattern = re.compile(marker)
        deadline = self.t0 + timeout
        raw = bytearray()
        while not pattern.search(visible_text(bytes(raw))):
            if now() > deadline or self.exited:
                return None
            raw += self._read(deadline - now())
        return self.settle(quiet, timeout=max(0.1, deadline - now())) - self.t0

    def key(self, keys, quiet=0.08, first_timeout=1.0):
        """Types `keys`; returns (seconds to the end of the update, bytes written) or
        (None, 0) when nothing was written within `first_timeout`."""
        start_index = len(self.chunks)
        sent = now()
        os.write(self.fd, keys)
        if not self._read(first_timeout):
            return None, 0
        last = self.settle(quiet)
        nbytes = sum(len(c) for _, c in self.chunks[start_index:])
        return last - sent, nbytes

    def screen_bytes_since(self, index):
        return b"".join(c for _, c in self.chunks[index:])

    # /proc ------------------------------------------------------------------------------------

    def _app_pid(self):
        """The pid to measure: the spawned program, or its only child if it is a wrapper."""
        return self.pid

    def peak_rss_kib(self):
        try:
            with open(f"/proc/{self._app_pid()}/status") as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1])
        except OSError:
            return None
        return None

    def cpu_and_switches(self):
        """(CPU ticks used so far, voluntary + involuntary context switches so far)."""
        pid = self._app_pid()
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            ticks = int(fields[11]) + int(fields[12])  # utime + stime
            switches = 0
            with open(f"/proc/{pid}/status") as f:
                for line in f:
                    if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                        switches += int(line.split()[1])
            return ticks, switches
        except (OSError, IndexError, ValueError):
            return None, None

    def idle(self, seconds=1.0):
        """CPU milliseconds and context switches over `seconds` of no input."""
        ticks0, sw0 = self.cpu_and_switches()
        end = now() + seconds
        while now() < end and not self.exited:
            self._read(end - now())
        ticks1, sw1 = self.cpu_and_switches()
        if ticks0 is None or ticks1 is None:
            return None, None
        return (ticks1 - ticks0) * 1000 / CLK_TCK, sw1 - sw0

    # Ending -----------------------------------------------------------------------------------

    def quit(self, keys=b"q", timeout=3.0):
        """Types the quit keys and waits for exit; kills the program if it does not exit."""
        if keys and not self.exited:
            try:
                for k in keys if isinstance(keys, list) else [keys]:
                    os.write(self.fd, k)
                    self.settle(0.05, timeout=0.5)
            except OSError:
                pass
        deadline = now() + timeout
        while now() < deadline and self.process.poll() is None:
            self._read(0.02)
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(1.0)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.status = self.process.returncode
        os.close(self.fd)
        return self.status


# Apps ------------------------------------------------------------------------------------------


class App:
    """How to launch one program on a data set of n todos, and its keys."""

    name = "?"
    fmt = "todotxt"
    quit_keys = b"q"
    settle_after_toggle = 0.1  # seconds to wait after a toggle for any delayed redraw

    def __init__(self, workdir):
        self.workdir = workdir

    def data_path(self, n):
        """The generated data file for n todos (made once, copied per run)."""
        path = os.path.join(self.workdir, "data", f"{self.fmt}-{n}")
        if not os.path.exists(path):
            gen_todos.write(n, self.fmt, path)
        return path

    def available(self):
        return True

    def prepare(self, n):
        """A fresh run directory with the data in place; returns argv."""
        raise NotImplementedError

    def marker(self, n):
        raise NotImplementedError

    def fresh_dir(self):
        return tempfile.mkdtemp(prefix=f"{self.name}-", dir=self.workdir)


class Ours(App):
    name = "todos-tui"
    fmt = "todotxt"
    settle_after_toggle = 1.4  # the completion sort runs 1 s after the last toggle
    down, up, toggle = b"j", b"k", b" "
    edit_enter, edit_leave = b"e", b"\x1b"

    def __init__(self, workdir, binary):
        super().__init__(workdir)
        self.binary = binary

    def available(self):
        return self.binary and os.access(self.binary, os.X_OK)

    def prepare(self, n):
        d = self.fresh_dir()
        path = os.path.join(d, "todo.txt")
        shutil.copy(self.data_path(n), path)
        return [self.binary, path]

    def marker(self, n):
        return r"items?left" if n == 0 else r"(?=.*items?left)(?=.*Todo\d{6})"


class Tudu(App):
    name = "tudu"
    fmt = "tudu"
    quit_keys = [b"Q", b"y"]  # quit without saving; it may ask to confirm
    down, up, toggle = b"j", b"k", b"m"
    edit_enter, edit_leave = b"a", b"\x1b"

    def available(self):
        return shutil.which("tudu") is not None

    def prepare(self, n):
        d = self.fresh_dir()
        path = os.path.join(d, "tudu.xml")
        shutil.copy(self.data_path(n), path)
        return ["tudu", "-f", path]

    def marker(self, n):
        return r"Todo\d{6}" if n else r"q:quit"


class Calcurse(App):
    name = "calcurse"
    fmt = "calcurse"
    quit_keys = [b"q", b"y"]
    down, up, toggle = b"j", b"k", b"!"
    edit_enter, edit_leave = b"e", b"\x1b"
    focus_todo = [b"\t", b"\t"]  # calendar → appointments → todo panel

    def available(self):
        return shutil.which("calcurse") is not None

    def prepare(self, n):
        d = self.fresh_dir()
        shutil.copy(self.data_path(n), os.path.join(d, "todo"))
        os.makedirs(os.path.join(d, "notes"), exist_ok=True)
        open(os.path.join(d, "apts"), "w").close()
        # No notification bar: its clock redraws every second and would land inside key timings.
        with open(os.path.join(d, "conf"), "w") as f:
            f.write("appearance.notifybar=no\n")
        return ["calcurse", "-D", d]

    def marker(self, n):
        return r"(?=.*TODO)(?=.*Todo\d{6})" if n else r"TODO"


class TodoSh(App):
    """todo.sh (todotxt-cli) is not full-screen: we time `ls` to its exit (its load time)."""

    name = "todo.sh"
    fmt = "todotxt"

    def binary(self):
        return shutil.which("todo-txt") or shutil.which("todo.sh")

    def available(self):
        return self.binary() is not None

    def prepare(self, n):
        d = self.fresh_dir()
        shutil.copy(self.data_path(n), os.path.join(d, "todo.txt"))
        config = os.path.join(d, "config")
        with open(config, "w") as f:
            f.write(
                f'export TODO_DIR="{d}"\nexport TODO_FILE="$TODO_DIR/todo.txt"\n'
                'export DONE_FILE="$TODO_DIR/done.txt"\nexport REPORT_FILE="$TODO_DIR/report.txt"\n'
            )
        return [self.binary(), "-d", config, "ls"]

    def marker(self, n):
        return None


# Measurements ----------------------------------------------------------------------------------

# How long a launch may take to show its first frame (calcurse opens 100k todos in 30 s on a quiet
# machine, over 100 s on a busy one).
FIRST_FRAME_TIMEOUT_S = 120


def run_startup(app, n, rows, cols, with_idle):
    """One launch: first-frame time, peak RSS, idle CPU; the program is then quit."""
    argv = app.prepare(n)
    s = Session(argv, rows, cols, cwd=os.path.dirname(argv[-1]) or None)
    result = {"app": app.name, "n": n}
    if isinstance(app, TodoSh):
        # Not full-screen: "load time" is launch → exit (all lines listed).
        while not s.exited and now() - s.t0 < 120:
            s._read(120)
        result["first_frame_ms"] = (s.chunks[-1][0] - s.t0) * 1000 if s.chunks else None
        result["bytes"] = s.total
        s.quit(None)
        return result
    ff = s.wait_for_marker(app.marker(n), quiet=0.15, timeout=FIRST_FRAME_TIMEOUT_S)
    result["first_frame_ms"] = ff * 1000 if ff is not None else None
    result["frame_bytes"] = s.total
    result["peak_rss_kib"] = s.peak_rss_kib()
    if with_idle and ff is not None:
        cpu_ms, switches = s.idle(1.0)
        result["idle_cpu_ms_per_s"] = cpu_ms
        result["idle_switches_per_s"] = switches
    if ff is None:
        result["error"] = "marker not seen: " + repr(visible_text(s.screen_bytes_since(0))[-200:])
    s.quit(app.quit_keys)
    return result


def run_keys(app, n, rows, cols, samples):
    """One launch on n todos: per-key latency and bytes for navigation, toggle and typing."""
    argv = app.prepare(n)
    s = Session(argv, rows, cols, cwd=os.path.dirname(argv[-1]) or None)
    result = {"app": app.name, "n": n, "nav": [], "toggle": [], "type": []}
    ff = s.wait_for_marker(app.marker(n), quiet=0.2, timeout=FIRST_FRAME_TIMEOUT_S)
    if ff is None:
        result["error"] = "marker not seen"
        s.quit(app.quit_keys)
        return result
    for k in getattr(app, "focus_todo", []):
        s.key(k)
    # Move away from the first row so that k/j never hit the top edge.
    s.key(app.down)
    for i in range(samples):
        latency, nbytes = s.key(app.down if i % 2 else app.up)
        result["nav"].append((latency, nbytes))
    for _ in range(max(3, samples // 3)):
        latency, nbytes = s.key(app.toggle)
        result["toggle"].append((latency, nbytes))
        s.settle(app.settle_after_toggle, timeout=5)
    s.key(app.edit_enter)
    s.settle(0.2)
    for i in range(samples):
        latency, nbytes = s.key(b"abcdefghijklmnopqrstuvwxyz"[i % 26 : i % 26 + 1])
        result["type"].append((latency, nbytes))
    s.key(app.edit_leave)
    s.settle(0.3)
    result["peak_rss_kib"] = s.peak_rss_kib()
    s.quit(app.quit_keys)
    return result


BASELINE_PROGRAMS = {
    "C (printf)": ("c", '#include <stdio.h>\nint main(void) { puts("ready"); return 0; }\n'),
    "Swift, stdlib only": ("swift", 'print("ready")\n'),
    "Swift + Glibc": ("swift", 'import Glibc\nputs("ready")\n'),
    "Swift + FoundationEssentials": (
        "swift", 'import FoundationEssentials\nprint("ready", Date.now > .distantPast)\n'),
    "Swift + Foundation": ("swift", 'import Foundation\nprint("ready", Date() > .distantPast)\n'),
}


def run_baseline(runs, log):
    """Launch → exit on a pty for tiny programs: what the runtime and Foundation cost."""
    build = tempfile.mkdtemp(prefix="ptybench-baseline-")
    binaries = {}
    for name, (lang, source) in BASELINE_PROGRAMS.items():
        src = os.path.join(build, f"p{len(binaries)}.{lang}")
        exe = src[: src.rindex(".")]
        with open(src, "w") as f:
            f.write(source)
        cmd = (["cc", "-O2", "-o", exe, src] if lang == "c"
               else ["swiftc", "-O", "-o", exe, src])
        if subprocess.run(cmd, capture_output=True).returncode == 0:
            binaries[name] = exe
        else:
            log(f"baseline: could not build {name}")
    times = {name: [] for name in binaries}
    rss = {name: [] for name in binaries}
    for _ in range(runs):
        for name, exe in binaries.items():
            s = Session([exe])
            while not s.exited and now() - s.t0 < 10:
                s._read(10)
            times[name].append((s.chunks[-1][0] - s.t0) * 1000 if s.chunks else None)
            status = s.quit(None)
            del status
    shutil.rmtree(build, ignore_errors=True)
    lines = ["| program | launch → exit (ms, median) |", "|---|---|"]
    for name in binaries:
        lines.append(f"| {name} | {fmt_value(median(times[name]))} |")
    del rss
    return "\n".join(lines)


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def machine():
    model = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {"nproc": os.cpu_count(), "cpu": model, "kernel": platform.release()}


def make_apps(names, workdir, binary):
    table = {
        "ours": lambda: Ours(workdir, binary),
        "tudu": lambda: Tudu(workdir),
        "calcurse": lambda: Calcurse(workdir),
        "todo.sh": lambda: TodoSh(workdir),
    }
    apps = []
    for name in names:
        app = table[name]()
        if app.available():
            apps.append(app)
        else:
            print(f"note: {name} is not available; skipped", file=sys.stderr)
    return apps


def rounds(apps, runs):
    """Round-robin order with the starting app rotated each round."""
    for r in range(runs):
        k = r % len(apps)
        yield r, apps[k:] + apps[:k]


SLOW_S = 5.0


def bench_startup(apps, sizes, runs, rows, cols, log, slow_runs=2):
    results = []
    for n in sizes:
        slow = set()  # apps whose first launch took over SLOW_S: `slow_runs` launches are enough
        for r, order in rounds(apps, runs):
            for app in order:
                if app.name in slow and r >= slow_runs:
                    continue
                res = run_startup(app, n, rows, cols, with_idle=(r == 0))
                # A launch that never showed its frame (timed out) is slow too.
                if (res.get("first_frame_ms") or SLOW_S * 1000 + 1) > SLOW_S * 1000:
                    slow.add(app.name)
                results.append(res)
                log(f"startup n={n} run={r} {app.name}: "
                    + ", ".join(f"{k}={v:.1f}" if isinstance(v, float) else f"{k}={v}"
                                for k, v in res.items() if k not in ("app", "n")))
    return results


def bench_keys(apps, sizes, runs, samples, rows, cols, log):
    results = []
    apps = [a for a in apps if not isinstance(a, TodoSh)]
    for n in sizes:
        for r, order in rounds(apps, runs):
            for app in order:
                res = run_keys(app, n, rows, cols, samples)
                results.append(res)
                summary = {k: (median([x[0] for x in res[k]]), median([x[1] for x in res[k]]))
                           for k in ("nav", "toggle", "type")}
                log(f"keys n={n} run={r} {app.name}: "
                    + ", ".join(f"{k} {v[0] * 1000:.2f} ms {v[1]} B" if v[0] is not None
                                else f"{k} none" for k, v in summary.items())
                    + f", rss={res.get('peak_rss_kib')} KiB {res.get('error', '')}")
    return results


def summarize(startup, keys):
    """{(figure, app, n): median}."""
    table = {}

    def put(figure, app, n, value):
        if value is not None:
            table[(figure, app, n)] = value

    groups = {}
    for res in startup:
        groups.setdefault((res["app"], res["n"]), []).append(res)
    for (app, n), rs in groups.items():
        put("first frame (ms)", app, n, median(r.get("first_frame_ms") for r in rs))
        # A launch that never showed its first frame has not loaded everything: no RSS from it.
        put("peak RSS, idle after launch (MiB)", app, n,
            median((r.get("peak_rss_kib") or 0) / 1024 or None for r in rs
                   if r.get("first_frame_ms") is not None))
        put("idle CPU (ms/s)", app, n, median(r.get("idle_cpu_ms_per_s") for r in rs))
        put("idle wake-ups (context switches/s)", app, n,
            median(r.get("idle_switches_per_s") for r in rs))
    groups = {}
    for res in keys:
        groups.setdefault((res["app"], res["n"]), []).append(res)
    for (app, n), rs in groups.items():
        for kind, label in (("nav", "navigation j/k"), ("toggle", "toggle"), ("type", "typing")):
            samples = [x for r in rs for x in r[kind]]
            put(f"key → end of update, {label} (ms)", app, n,
                median(x[0] * 1000 if x[0] is not None else None for x in samples))
            put(f"bytes per key, {label}", app, n, median(x[1] for x in samples))
        put("peak RSS after keys (MiB)", app, n,
            median((r.get("peak_rss_kib") or 0) / 1024 or None for r in rs))
    return table


def markdown(table, apps, reference="todos-tui"):
    """Rows: figure and n; columns: each app's median, and peers as ratio to ours."""
    names = [a.name for a in apps]
    peers = [n for n in names if n != reference]
    header = ["figure", "todos", reference] + [f"{p} (× ours)" for p in peers]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    figures = []
    for (figure, _, n) in table:
        if (figure, n) not in figures:
            figures.append((figure, n))
    for figure, n in figures:
        ours = table.get((figure, reference, n))
        cells = [figure, f"{n:,}", fmt_value(ours)]
        for p in peers:
            v = table.get((figure, p, n))
            if v is None:
                cells.append("–")
            elif ours:
                cells.append(f"{fmt_value(v)} ({v / ours:.2g}×)")
            else:
                cells.append(fmt_value(v))
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def fmt_value(v):
    if v is None:
        return "–"
    if v >= 100:
        return f"{v:,.0f}"
    if v >= 10:
        return f"{v:.1f}"
    return f"{v:.2f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["all", "startup", "keys", "probe", "baseline"])
    parser.add_argument("--app", default=os.path.join(ROOT, ".build/release/todos-tui"),
                        help="the todos-tui binary")
    parser.add_argument("--apps", default="ours,tudu,calcurse,todo.sh")
    parser.add_argument("--sizes", help="todo counts (comma separated)")
    parser.add_argument("--runs", type=int, default=5, help="launches per app and size")
    parser.add_argument("--samples", type=int, default=20, help="keys per kind per launch")
    parser.add_argument("--rows", type=int, default=24)
    parser.add_argument("--cols", type=int, default=80)
    parser.add_argument("--out", default=os.path.join(ROOT, ".build", "ptybench"),
                        help="directory for results.json and results.md")
    parser.add_argument("argv", nargs="*", help="probe: the program and its arguments")
    args = parser.parse_args()

    if args.command == "probe":
        s = Session(args.argv, args.rows, args.cols)
        s.settle(1.0, timeout=10)
        for t, c in s.chunks:
            print(f"{(t - s.t0) * 1000:9.2f} ms {len(c):6d} B {c[:160]!r}")
        print("visible:", visible_text(s.screen_bytes_since(0))[:400])
        print("exit:", s.quit(b"q"))
        return

    if args.command == "baseline":
        print(run_baseline(args.runs * 4, print))
        return

    os.makedirs(args.out, exist_ok=True)
    workdir = tempfile.mkdtemp(prefix="ptybench-")
    log_file = open(os.path.join(args.out, "log.txt"), "w")

    def log(line):
        print(line, flush=True)
        log_file.write(line + "\n")

    try:
        apps = make_apps(args.apps.split(","), workdir, os.path.abspath(args.app))
        startup, keys = [], []
        if args.command in ("all", "startup"):
            sizes = [int(x) for x in (args.sizes or "0,10000,100000").split(",")]
            startup = bench_startup(apps, sizes, args.runs, args.rows, args.cols, log)
        if args.command in ("all", "keys"):
            sizes = [int(x) for x in (args.sizes or "100,100000").split(",")]
            keys = bench_keys(apps, sizes, max(1, args.runs // 2), args.samples, args.rows,
                              args.cols, log)
        table = summarize(startup, keys)
        report = markdown(table, apps)
        info = machine()
        header = (f"{info['nproc']} × {info['cpu']}, Linux {info['kernel']}; "
                  f"{args.rows}×{args.cols} pty; {args.runs} launches per app and size "
                  f"(startup), {max(1, args.runs // 2)} (keys) × {args.samples} keys; medians.")
        print("\n" + header + "\n\n" + report)
        with open(os.path.join(args.out, "results.md"), "w") as f:
            f.write(header + "\n\n" + report + "\n")
        with open(os.path.join(args.out, "results.json"), "w") as f:
            json.dump({"machine": info, "startup": startup, "keys": keys,
                       "table": [{"figure": k[0], "app": k[1], "n": k[2], "median": v}
                                 for k, v in table.items()]}, f, indent=1)
    finally:
        log_file.close()
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
