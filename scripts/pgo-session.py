#!/usr/bin/env python3
"""Runs an instrumented todos-tui through the work the benchmarks measure, for the release
build's profile (profile-guided optimisation; the Makefile runs it, docs/performance.md says why).

    scripts/pgo-session.py .build-pgo/release/todos-tui .build/pgo-raw

The binary writes one raw profile per process into the folder given (LLVM_PROFILE_FILE). It is
run in a pseudo-terminal of 80x24, on todo files made here in a temporary home, never the user's:
`--version` and `--help`, then the app on 100 todos (navigation, typing in the editor, toggles
with their delayed sort, adding, searching, filtering, help, undo), on 10,000 and on 100,000
(the start, navigation, typing, a toggle). What runs here is what the optimiser lays out as hot;
what never runs here is kept compact, out of the way of the hot code.

Exits non-zero, saying why, when the app does not show its list or writes no profile; the
Makefile then builds without a profile.

Python 3 standard library only.
"""
import importlib.util
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def _load(name, file):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, file))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ptybench = _load("ptybench", "ptybench.py")
# The link order's session (scripts/link-order.py) has the rest of a day's keys: a toggle,
# jumps, an add, a search, the filters, help and undo. The profile runs them too.
link_order = _load("link_order", "link-order.py")

# Each step: the bytes typed and the seconds to wait after them, reading the output. Keys come
# one at a time: keys that came all at once would be taken for a paste.
NAVIGATION = [(b"j", 0.02), (b"k", 0.02)] * 30
TYPING = (
    [(b"e", 0.05), (b"\x1b[F", 0.05)]
    + [(bytes([c]), 0.02) for c in b"milk and bread "] * 3
    + [(b"\x7f", 0.02)] * 5
    + [(b"\x1b", 0.1)]
)
TOGGLE = [(b" ", 1.3), (b"j", 0.05)]  # the completed todo sinks 1 s after the toggle
THE_REST = next(steps for name, _, steps in link_order.PARTS if name == "the rest")
SESSIONS = [
    (100, NAVIGATION + TYPING + TOGGLE * 2 + NAVIGATION + TYPING + THE_REST),
    (100, NAVIGATION + TYPING + THE_REST),
    (10_000, NAVIGATION + TYPING + TOGGLE),
    (100_000, NAVIGATION + TYPING + TOGGLE),
]


def session(binary, home, env, todos, steps):
    """The app on `todos` todos, typing `steps`, then `q`; exits if the list never shows."""
    todo = os.path.join(home, f"todo-{todos}.txt")
    ptybench.gen_todos.write(todos, "todotxt", todo)
    app = ptybench.Session([binary, todo], 24, 80, env=env, cwd=home)
    if app.wait_for_marker(r"itemsleft", quiet=0.3, timeout=120) is None:
        app.quit(b"q")
        sys.exit(f"pgo-session: the app never showed its list of {todos} todos")
    for text, pause in steps:
        os.write(app.fd, text)
        deadline = ptybench.now() + pause
        while ptybench.now() < deadline:
            app._read(max(0.001, deadline - ptybench.now()))
    app.quit(b"q", timeout=60)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: scripts/pgo-session.py INSTRUMENTED_BINARY RAW_PROFILE_FOLDER")
    binary, raw = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    os.makedirs(raw, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"),
                   LLVM_PROFILE_FILE=os.path.join(raw, "%p.profraw"))
        env.pop("TODOS_TUI_CONFIG", None)  # the default config: none in the new home
        for flag in ("--version", "--help"):
            subprocess.run([binary, flag], stdout=subprocess.DEVNULL, env=env, check=True)
        for todos, steps in SESSIONS:
            session(binary, home, env, todos, steps)
    if not any(name.endswith(".profraw") for name in os.listdir(raw)):
        sys.exit(f"pgo-session: {binary} wrote no profile into {raw} (not instrumented?)")


if __name__ == "__main__":
    main()
