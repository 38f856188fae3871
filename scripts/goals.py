#!/usr/bin/env python3
"""The lean goals in one table: todos-tui against tudu and calcurse, measured side by side.

Runs every measurement the goals need in one invocation and prints one markdown table: each
figure, todos-tui's median, the peers' medians with the ratio todos-tui ÷ peer, the goal written
out, and whether it is met. A report, not a test: it exits 0 whether the goals are met or not.

  first frame          100 / 10k / 100k todos, at most tudu's             (ptybench startup)
  peak RSS             100 and 10k at most 1.2 × tudu's; 100k at most calcurse's
  key → end of update  navigation, toggle, typing at 100 and 100k: at most tudu's (ptybench keys)
  bytes per key        navigation at most calcurse's; toggle at most 60
  in process           a key end to end (keymap → store → view → diff) at 10k todos: p50 under
                       50 µs, under 20 mallocs (Benchmarks/, ordo-one/benchmark)
  binary               stripped (as `make install` installs it) under 15 MB, no ICU in it;
                       `todos-tui --version` under 8 MB peak RSS
  idle                 0 CPU and 0 wake-ups idle, and 0 wake-ups while files are made next to
                       todo.txt and in the folder above (scripts/idle-wakeups.sh)

    scripts/goals.py --app .build/release/todos-tui                 # everything (about 10 min)
    scripts/goals.py --rounds 3 --key-rounds 1 --sizes 100,10000 --key-sizes 100 --no-inprocess
    scripts/goals.py --self-test                                     # its doctests

The binary is stripped into a temporary copy and that copy is what runs. MB here is 10^6 bytes.
Writes goals.md, results.json and log.txt to --out. Python 3 standard library only.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import ptybench  # noqa: E402  (beside this script)

MB = 1_000_000
# Symbols and data only ICU has: its C API (plain, or renamed `swift_…` as swift-foundation-icu
# builds it) and its data blob `icudtNN_dat`, whose name is also in the data itself (`icudt76l`).
ICU_SYMBOL = re.compile(
    r"\b(?:swift_)?(u_strToUpper|u_strToLower|ucal_open|udat_open|ucol_open|ubrk_open|"
    r"uloc_getDefault|unum_open|icudt\d+_dat)\w*")
ICU_DATA = re.compile(rb"icudt\d\d[lb]")


# Judging -----------------------------------------------------------------------------------


def ratio(ours, peer):
    """todos-tui's figure over the peer's, or None when either is missing (or the peer is 0).

    >>> ratio(21.0, 9.7) > 2
    True
    >>> ratio(None, 9.7) is None, ratio(1.0, 0) is None
    (True, True)
    """
    if ours is None or not peer:
        return None
    return ours / peer


def fmt_ratio(r):
    """A ratio as written in the table.

    >>> fmt_ratio(2.1649), fmt_ratio(0.934), fmt_ratio(0.0123), fmt_ratio(None)
    ('2.16×', '0.93×', '0.012×', '–')
    """
    if r is None:
        return "–"
    return f"{r:.2f}×" if r >= 0.1 else f"{r:.2g}×"


def fmt_value(v):
    """A figure: three significant digits or so, thousands separated, – when not measured.

    >>> fmt_value(0), fmt_value(0.7712), fmt_value(54.83), fmt_value(29616.4), fmt_value(None)
    ('0', '0.77', '54.8', '29,616', '–')
    >>> fmt_value(99.0), fmt_value(200.5), fmt_value(4.0)
    ('99', '200', '4.00')
    """
    if v == 0:
        return "0"
    if v is not None and v >= 10 and v == int(v):
        return f"{int(v):,}"
    return ptybench.fmt_value(v)


def judge(value, limit, strict=False):
    """'met' when value ≤ limit (value < limit if strict), '**missed**' otherwise, and
    'not measured' when either is missing.

    >>> judge(9.6, 9.7), judge(9.8, 9.7), judge(50, 50, strict=True), judge(None, 3)
    ('met', '**missed**', '**missed**', 'not measured')
    >>> judge(0, 0)
    'met'
    """
    if value is None or limit is None:
        return "not measured"
    ok = value < limit if strict else value <= limit
    return "met" if ok else "**missed**"


class Row:
    """One line of the table: a figure at a size, todos-tui's value, the peers', the goal.

    `limit` is the value todos-tui must stay under (computed from the peers for relative goals).

    >>> r = Row("first frame (ms)", 100, 21.0, {"tudu": 9.7, "calcurse": 25.8},
    ...         "at most tudu's", 9.7)
    >>> r.cells(["tudu", "calcurse"])
    ['first frame (ms)', '100', '21', '9.70 (2.16×)', '25.8 (0.81×)', "at most tudu's", \
'**missed**']
    >>> Row("stripped binary (MB)", None, 9.1, {}, "under 15 MB", 15, strict=True).cells(["tudu"])
    ['stripped binary (MB)', '–', '9.10', '–', 'under 15 MB', 'met']
    >>> Row("first key after a load (µs)", 10_000, 59, {}, REFERENCE, 50).result
    '–'
    """

    def __init__(self, figure, n, ours, peers, goal, limit, strict=False, shown=None):
        self.figure, self.n, self.ours, self.peers = figure, n, ours, peers
        self.goal, self.limit, self.strict = goal, limit, strict
        self.shown = shown  # how todos-tui's value is written, when not a plain number

    @property
    def result(self):
        if self.goal == REFERENCE:
            return "–"
        return judge(self.ours, self.limit, self.strict)

    def cells(self, peer_names):
        cells = [self.figure, "–" if self.n is None else f"{self.n:,}",
                 self.shown if self.shown is not None else fmt_value(self.ours)]
        for name in peer_names:
            v = self.peers.get(name)
            r = fmt_ratio(ratio(self.ours, v))
            cells.append("–" if v is None else f"{fmt_value(v)} ({r})")
        return cells + [self.goal, self.result]

    def as_json(self):
        return {"figure": self.figure, "n": self.n, "todos-tui": self.ours, "peers": self.peers,
                "goal": self.goal, "limit": self.limit, "result": self.result.strip("*")}


PEERS = ["tudu", "calcurse"]
# The goal cell of a figure shown beside a goal's, not judged (the first key after a load).
REFERENCE = "for reference"


def markdown(rows):
    """The table.

    >>> print(markdown([Row("x", 1, 2, {"tudu": 4}, "at most tudu's", 4)]))
    ... # doctest: +NORMALIZE_WHITESPACE
    | figure | todos | todos-tui | tudu (ours ÷ tudu) | calcurse (ours ÷ calcurse) | goal |
      result |
    |---|---|---|---|---|---|---|
    | x | 1 | 2.00 | 4.00 (0.50×) | – | at most tudu's | met |
    """
    header = (["figure", "todos", "todos-tui"] + [f"{p} (ours ÷ {p})" for p in PEERS]
              + ["goal", "result"])
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row.cells(PEERS)) + " |" for row in rows]
    return "\n".join(lines)


def scaled(value, factor):
    return None if value is None else value * factor


def goal_rows(pty, inprocess, binary, idle, sizes, key_sizes):
    """The table's rows from the measurements (each a dict; missing pieces give 'not measured').

    `pty` is ptybench.summarize's {(figure, app, n): median}; `inprocess` {benchmark: (µs,
    mallocs)}; `binary` {stripped_bytes, icu, version_rss_kib}; `idle` {wakeups: [per round],
    files}.

    >>> pty = {("bytes per key, navigation j/k", "todos-tui", 100): 200,
    ...        ("bytes per key, navigation j/k", "calcurse", 100): 99,
    ...        ("bytes per key, navigation j/k", "todos-tui", 100000): 90}
    >>> rows = goal_rows(pty, {}, {"icu": []}, {}, [], [100, 100000])
    >>> for r in [r for r in rows if r.figure.startswith("bytes")][:2]:
    ...     print(r.figure, r.n, r.goal, r.result, sep=" | ")
    bytes per key, navigation | 100 | at most calcurse's | **missed**
    bytes per key, navigation | 100000 | at most calcurse's (99, at 100 todos) | met
    >>> [(r.shown, r.result) for r in rows if r.figure == "ICU in the binary"]
    [('none', 'met')]
    """
    rows = []

    def fig(figure, app, n, factor=1.0):
        return scaled(pty.get((figure, app, n)), factor)

    def peers(figure, n, factor=1.0):
        return {p: v for p in PEERS if (v := fig(figure, p, n, factor)) is not None}

    for n in sizes:
        f = "first frame (ms)"
        rows.append(Row(f, n, fig(f, "todos-tui", n), peers(f, n), "at most tudu's",
                        fig(f, "tudu", n)))
    rss = "peak RSS, idle after launch (MiB)"
    for n in sizes:
        ours, others = fig(rss, "todos-tui", n, 1024 * 1024 / MB), peers(rss, n, 1024 * 1024 / MB)
        if n >= 100_000:
            goal, limit = "at most calcurse's", others.get("calcurse")
        else:
            tudu = others.get("tudu")
            limit = None if tudu is None else 1.2 * tudu
            goal = "at most 1.2 × tudu's" + ("" if limit is None else f" ({fmt_value(limit)})")
        rows.append(Row("peak RSS after launch (MB)", n, ours, others, goal, limit))
    for kind, label in (("navigation j/k", "navigation"), ("toggle", "toggle"),
                        ("typing", "typing")):
        for n in key_sizes:
            f = f"key → end of update, {kind} (ms)"
            rows.append(Row(f"key → end of update, {label} (ms)", n, fig(f, "todos-tui", n),
                            peers(f, n), "at most tudu's", fig(f, "tudu", n)))
    for n in key_sizes:
        f = "bytes per key, navigation j/k"
        limit, goal = fig(f, "calcurse", n), "at most calcurse's"
        if limit is None:  # calcurse's keys are not measured at 100k: its bytes at a smaller size
            measured = [(m, v) for m in key_sizes if (v := fig(f, "calcurse", m)) is not None]
            if measured:
                m, limit = measured[-1]
                goal += f" ({fmt_value(limit)}, at {m:,} todos)"
        rows.append(Row("bytes per key, navigation", n, fig(f, "todos-tui", n), peers(f, n),
                        goal, limit))
    for n in key_sizes:
        f = "bytes per key, toggle"
        rows.append(Row("bytes per key, toggle", n, fig(f, "todos-tui", n), peers(f, n),
                        "at most 60", 60))
    # Keys in a running store are the goal's; the first key after a load is shown beside them.
    keys_first = sorted(inprocess.items(), key=lambda item: item[0].startswith("first"))
    for name, (micros, mallocs) in keys_first:
        first = name.startswith("first")
        rows.append(Row(f"in process: {name}, p50 (µs)", 10_000, micros, {},
                        REFERENCE if first else "under 50 µs", 50, strict=True))
        rows.append(Row(f"in process: {name}, mallocs (p50)", 10_000, mallocs, {},
                        REFERENCE if first else "under 20", 20, strict=True))
    size = binary.get("stripped_bytes")
    rows.append(Row("installed binary, stripped (MB)", None, scaled(size, 1 / MB), {},
                    "under 15 MB", 15, strict=True))
    icu = binary.get("icu")
    rows.append(Row("ICU in the binary", None, None if icu is None else len(icu), {}, "none", 0,
                    shown="–" if icu is None else ("none" if not icu else "; ".join(icu))))
    version = binary.get("version_rss_kib")
    rows.append(Row("`todos-tui --version` peak RSS (MB)", None,
                    scaled(version, 1024 / MB), {}, "under 8 MB", 8, strict=True))
    for n in sizes[:1]:
        cpu = fig("idle CPU (ms/s)", "todos-tui", n)
        rows.append(Row("idle CPU, 1 s after the first frame (ms)", n, cpu,
                        peers("idle CPU (ms/s)", n), "0", 0))
        f = "idle wake-ups (context switches/s)"
        rows.append(Row("idle wake-ups, 1 s after the first frame", n, fig(f, "todos-tui", n),
                        peers(f, n), "0", 0))
    wakeups = idle.get("wakeups") or []
    worst = max(wakeups) if wakeups else None
    shown = None if not wakeups else (
        f"{worst}" + (f" (rounds: {', '.join(map(str, wakeups))})" if len(wakeups) > 1 else ""))
    rows.append(Row(f"wake-ups while {idle.get('files', '?')} files are made beside todo.txt "
                    "and above it (most in a round)", 1, worst, {}, "0", 0, shown=shown))
    return rows


# Measuring ---------------------------------------------------------------------------------


def measure_pty(binary, sizes, key_sizes, rounds, key_rounds, samples, calcurse_keys_max, log):
    """ptybench's startup and key runs for todos-tui, tudu and calcurse, rounds alternated."""
    # calcurse's 100k launch, on a busy machine, may take minutes: its memory is one goal's limit.
    ptybench.FIRST_FRAME_TIMEOUT_S = 400
    workdir = tempfile.mkdtemp(prefix="goals-")
    try:
        apps = ptybench.make_apps(["ours", "tudu", "calcurse"], workdir, binary)
        # An app whose launch takes over 5 s (calcurse at 100k: 30–100 s) is launched once per
        # size: its memory is what a goal needs, and it barely varies.
        startup = (ptybench.bench_startup(apps, sizes, rounds, 24, 80, log, slow_runs=1)
                   if sizes else [])
        keys = []
        for n in key_sizes:
            # calcurse takes 30 s to open 100k todos: its keys only where they are cheap.
            these = [a for a in apps if a.name != "calcurse" or n <= calcurse_keys_max]
            keys += ptybench.bench_keys(these, [n], key_rounds, samples, 24, 80, log)
        return startup, keys
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


INPROCESS_FILTER = "(First k|K)eypress .*"
_UNITS = {"ns": 1e-3, "μs": 1.0, "µs": 1.0, "us": 1.0, "ms": 1e3, "s": 1e6,
          "#": 1, "": 1, "K": 1e3, "M": 1e6, "G": 1e9}


def parse_benchmark_markdown(text):
    """{benchmark: (p50 µs, p50 mallocs)} from ordo-one/benchmark's `--format markdown
    --grouping benchmark` output.

    >>> parse_benchmark_markdown('''
    ... ### Keypress j end to end, 80×24 (10000 todos)
    ...
    ... | Metric | p0 | p25 | p50 | p75 | p90 | p99 | p100 | Samples |
    ... |:---|---:|---:|---:|---:|---:|---:|---:|---:|
    ... | Malloc (total) * | 139 | 139 | 139 | 139 | 139 | 139 | 139 | 4663 |
    ... | Time (wall clock) (μs) * | 180 | 190 | 201 | 210 | 230 | 300 | 900 | 4663 |
    ... ''')
    {'Keypress j end to end, 80×24 (10000 todos)': (201.0, 139.0)}
    """
    results, name, header = {}, None, None
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("### "):
            name, header = line[4:].strip(), None
            results[name] = [None, None]
            continue
        if name is None or not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if cells[0] == "Metric":
            header = cells
            continue
        if header is None or "p50" not in header or cells[0].startswith(":-"):
            continue
        label = cells[0].rstrip(" *")
        unit = re.search(r"\(([^()]*)\)$", label)
        factor = _UNITS.get(unit.group(1), 1) if unit else 1
        try:
            p50 = float(cells[header.index("p50")]) * factor
        except (ValueError, IndexError):
            continue
        if label.startswith("Time (wall clock)"):
            results[name][0] = p50
        elif label.startswith("Malloc (total)"):
            results[name][1] = p50
    return {k: tuple(v) for k, v in results.items() if v != [None, None]}


def measure_inprocess(filter_regex, log):
    """The in-process keypress benchmarks (release build of Benchmarks/), p50 time and mallocs."""
    cmd = ["swift", "package", "--disable-sandbox", "benchmark", "--filter", filter_regex,
           "--no-progress", "--format", "markdown", "--grouping", "benchmark"]
    log("in process: " + " ".join(cmd) + " (in Benchmarks/)")
    run = subprocess.run(cmd, cwd=os.path.join(ROOT, "Benchmarks"), capture_output=True,
                         text=True)
    for line in (run.stdout + run.stderr).splitlines():
        log("  " + line)
    if run.returncode != 0:
        log(f"in process: exit status {run.returncode}; not measured")
        return {}
    return {inprocess_label(k): v for k, v in parse_benchmark_markdown(run.stdout).items()}


def inprocess_label(name):
    """The table's name for an in-process benchmark.

    >>> inprocess_label("Keypress j end to end, 80×24 (10000 todos)")
    'key j end to end'
    >>> inprocess_label("First keypress space after a load, 80×24 (10000 todos)")
    'first key space after a load'
    """
    name = re.sub(r",? 80×24 \(10000 todos\)", "", name)
    return re.sub(r"^(First k|K)eypress ",
                  lambda m: "first key " if m.group(1) == "First k" else "key ", name)


def strip_copy(binary, into):
    """A stripped copy of the binary, as `install -s` makes it."""
    path = os.path.join(into, "todos-tui")
    subprocess.run(["strip", "-o", path, binary], check=True)
    os.chmod(path, 0o755)
    return path


def icu_traces(unstripped, stripped):
    """What of ICU the binary has: its C API in the symbol table, a libicu it links, its data."""
    found = []
    nm = subprocess.run(["nm", "--defined-only", unstripped], capture_output=True, text=True)
    symbols = sorted({m.group(0) for m in ICU_SYMBOL.finditer(nm.stdout)})
    if symbols:
        shown = [s for s in symbols if "ucal_open" in s or "u_strToUpper" in s][:2] or symbols[:2]
        found.append(f"{len(symbols)} ICU symbols ({', '.join(shown)}…)")
    dyn = subprocess.run(["readelf", "-d", stripped], capture_output=True, text=True)
    libs = sorted(set(re.findall(r"\[(libicu[^\]]*)\]", dyn.stdout)))
    if libs:
        found.append("links " + ", ".join(libs))
    with open(stripped, "rb") as f:
        data = ICU_DATA.search(f.read())
    if data:
        found.append(f"ICU data ({data.group(0).decode()})")
    return found


def version_rss_kib(binary, runs=10):
    """Median peak RSS (KiB) of `todos-tui --version`, as `/usr/bin/time -f %M` reports it.

    Not this interpreter's wait4: a child spawned by vfork reports the parent's peak as its own.
    """
    if not os.access("/usr/bin/time", os.X_OK):
        return None
    values = []
    for _ in range(runs):
        run = subprocess.run(["/usr/bin/time", "-f", "%M", binary, "--version"],
                             capture_output=True, text=True)
        last = run.stderr.strip().splitlines()[-1:] or [""]
        values.append(int(last[0]) if run.returncode == 0 and last[0].isdigit() else None)
    return ptybench.median(values)


def measure_idle(binary, files, rounds, log):
    """scripts/idle-wakeups.sh once, ROUNDS rounds: wake-ups per round."""
    if shutil.which("tmux") is None:
        log("idle: tmux is not installed; not measured")
        return {"files": files}
    run = subprocess.run([os.path.join(HERE, "idle-wakeups.sh"), binary, str(files), str(rounds)],
                         capture_output=True, text=True)
    for line in (run.stdout + run.stderr).splitlines():
        log("idle: " + line)
    counts = [int(m.group(1)) for m in re.finditer(r"^(\d+) wake-ups for", run.stdout, re.M)]
    return {"files": files, "wakeups": counts}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n".join(__doc__.splitlines()[2:]))
    parser.add_argument("--app", default=os.path.join(ROOT, ".build/release/todos-tui"),
                        help="the todos-tui binary (release; stripped into a copy to run)")
    parser.add_argument("--sizes", default="100,10000,100000",
                        help="todo counts for first frame and peak RSS (default %(default)s)")
    parser.add_argument("--key-sizes", default="100,100000",
                        help="todo counts for the keys (default %(default)s)")
    parser.add_argument("--rounds", type=int, default=5,
                        help="launches per app and size for first frame and RSS (default 5)")
    parser.add_argument("--key-rounds", type=int, default=3,
                        help="launches per app and size for the keys (default 3)")
    parser.add_argument("--samples", type=int, default=20, help="keys per kind per launch")
    parser.add_argument("--calcurse-keys-max", type=int, default=10_000,
                        help="largest size at which calcurse's keys are measured (default "
                        "%(default)s: it takes 30 s to open 100k)")
    parser.add_argument("--files", type=int, default=400, help="files made for the idle check")
    parser.add_argument("--idle-rounds", type=int, default=3)
    parser.add_argument("--no-inprocess", action="store_true",
                        help="skip the in-process benchmark (it builds Benchmarks/ in release)")
    parser.add_argument("--out", default=os.path.join(ROOT, ".build", "goals"))
    parser.add_argument("--report", metavar="JSON",
                        help="measure nothing: print the table of an earlier run's results.json")
    parser.add_argument("--self-test", action="store_true",
                        help="measure nothing: run this script's doctests (`make lint` does)")
    args = parser.parse_args()
    if args.self_test:
        # The doctests of this very module, run as a script: `python3 -m doctest` would import
        # it by name through the scripts folder's listing instead.
        import doctest
        failed, tried = doctest.testmod()
        print(f"goals.py: {tried} doctests, {failed} failed")
        sys.exit(1 if failed else 0)

    if args.report:
        with open(args.report) as f:
            print(report(json.load(f)))
        return 0
    unstripped = os.path.abspath(args.app)
    if not os.access(unstripped, os.X_OK):
        print(f"error: no todos-tui binary at {unstripped}.\n"
              "To fix, run `make build CONFIG=release` or pass --app PATH.", file=sys.stderr)
        return 1
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "log.txt"), "w") as log_file:

        def log(line):
            print(line, flush=True)
            log_file.write(line + "\n")

        results = measure(unstripped, args, log)
    text = report(results)
    print("\n" + text)
    with open(os.path.join(args.out, "goals.md"), "w") as f:
        f.write(text + "\n")
    with open(os.path.join(args.out, "results.json"), "w") as f:
        json.dump(results, f, indent=1)
    return 0


def measure(unstripped, args, log):
    """Every measurement, as a dict that `report` reads (and results.json keeps)."""
    started = time.time()
    sizes = [int(x) for x in args.sizes.split(",") if x]
    key_sizes = [int(x) for x in args.key_sizes.split(",") if x]
    tmp = tempfile.mkdtemp(prefix="goals-bin-")
    try:
        binary = strip_copy(unstripped, tmp)
        binfo = {"stripped_bytes": os.path.getsize(binary),
                 "unstripped_bytes": os.path.getsize(unstripped),
                 "icu": icu_traces(unstripped, binary),
                 "version_rss_kib": version_rss_kib(binary)}
        log(f"binary: {binfo}")
        startup, keys = measure_pty(binary, sizes, key_sizes, args.rounds, args.key_rounds,
                                    args.samples, args.calcurse_keys_max, log)
        idle = measure_idle(binary, args.files, args.idle_rounds, log)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    inprocess = {} if args.no_inprocess else measure_inprocess(INPROCESS_FILTER, log)
    return {"machine": ptybench.machine(), "date": time.strftime("%Y-%m-%d %H:%M UTC",
                                                                 time.gmtime(started)),
            "seconds": round(time.time() - started), "sizes": sizes, "key_sizes": key_sizes,
            "rounds": args.rounds, "key_rounds": args.key_rounds, "samples": args.samples,
            "binary": binfo, "idle": idle, "inprocess": inprocess, "startup": startup,
            "keys": keys}


def report(results):
    """The header line and the table, from `measure`'s results."""
    pty = ptybench.summarize(results["startup"], results["keys"])
    rows = goal_rows(pty, results["inprocess"], results["binary"], results["idle"],
                     results["sizes"], results["key_sizes"])
    goals = [r for r in rows if r.goal != REFERENCE]
    info, met = results["machine"], sum(r.result == "met" for r in goals)
    header = (
        f"{results['date']}; {info['nproc']} × {info['cpu']}, Linux {info['kernel']}; 80×24 "
        f"pty; medians of {results['rounds']} launches per app and size (first frame, RSS; an "
        f"app whose launch takes over 5 s: 1) and {results['key_rounds']} × "
        f"{results['samples']} keys per kind, rounds alternating the apps; stripped binary; "
        f"MB = 10^6 bytes; {results['seconds']} s. Peers: value (todos-tui ÷ peer). "
        f"**{met} of {len(goals)} goals met.**")
    return header + "\n\n" + markdown(rows)


if __name__ == "__main__":
    sys.exit(main())
