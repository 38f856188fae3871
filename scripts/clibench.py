#!/usr/bin/env python3
"""`todos-tui add` against `todo.sh add` on the same todo.txt, side by side.

    scripts/clibench.py --app .build/release/todos-tui              # 100k lines, 15 rounds
    scripts/clibench.py --app .build/release/todos-tui --sizes 0,10000 --rounds 9

For each size, a todo.txt of that many lines (scripts/gen-todos.py's todos) is written in a
temporary folder, with a todo.sh config whose TODO_DIR is that folder. Each round runs both
programs once, the one that starts alternating, each on a fresh copy of the same file (so the
file never grows): launch to exit, wall clock. todos-tui runs with an empty config.toml (the
defaults: a creation date, the todo above the first one) and takes its lock, merges and writes
the file atomically and durably (fsync); todo.sh appends. Medians are printed, with the ratio
todos-tui / todo.sh. One warm-up run each comes first (not counted).
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import importlib  # noqa: E402

gen_todos = importlib.import_module("gen-todos")

TEXT = "Call Mom due:2026-12-01 +family"


def todo_sh():
    for name in ("todo.sh", "todo-txt"):
        path = shutil.which(name)
        if path:
            return path
    sys.exit("error: todo.sh is not installed. To fix, run: sudo apt-get install -y todotxt-cli")


def write_todos(path, count):
    with open(path, "w") as out:
        out.writelines(gen_todos.todotxt(gen_todos.todos(count)))


def timed(command, env, base, target):
    shutil.copyfile(base, target)
    start = time.perf_counter()
    done = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"error: {' '.join(command)} failed: {done.stderr.decode()}")
    return elapsed


def measure(app, size, rounds):
    folder = tempfile.mkdtemp(prefix="todos-tui-clibench-")
    try:
        base = os.path.join(folder, "base.txt")
        target = os.path.join(folder, "todo.txt")
        write_todos(base, size)
        config = os.path.join(folder, "config")
        with open(config, "w") as out:
            out.write(f'export TODO_DIR="{folder}"\n')
            out.write('export TODO_FILE="$TODO_DIR/todo.txt"\n')
            out.write('export DONE_FILE="$TODO_DIR/done.txt"\n')
            out.write('export REPORT_FILE="$TODO_DIR/report.txt"\n')
        empty = os.path.join(folder, "config.toml")
        open(empty, "w").close()
        env = dict(os.environ, TODOS_TUI_CONFIG=empty, TODO_FILE="", TODO_DIR="")
        commands = {
            "todos-tui": [app, "--file", target, "add", TEXT],
            "todo.sh": [todo_sh(), "-d", config, "add", TEXT],
        }
        times = {name: [] for name in commands}
        for name, command in commands.items():
            timed(command, env, base, target)
        for round_ in range(rounds):
            order = list(commands) if round_ % 2 == 0 else list(reversed(commands))
            for name in order:
                times[name].append(timed(commands[name], env, base, target))
        return {name: statistics.median(values) * 1000 for name, values in times.items()}, times
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--app", required=True, help="the todos-tui binary (release)")
    parser.add_argument("--sizes", default="100000", help="line counts, comma-separated")
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    print(f"| lines | todos-tui add (ms) | todo.sh add (ms) | ratio |  ({args.rounds} rounds, "
          "medians)")
    print("|---|---|---|---|")
    for size in (int(s) for s in args.sizes.split(",")):
        medians, times = measure(os.path.abspath(args.app), size, args.rounds)
        ours, theirs = medians["todos-tui"], medians["todo.sh"]
        spread = {n: f"{min(v) * 1000:.1f}–{max(v) * 1000:.1f}" for n, v in times.items()}
        print(f"| {size:,} | {ours:.1f} ({spread['todos-tui']}) | {theirs:.1f} "
              f"({spread['todo.sh']}) | {ours / theirs:.2f}× |")


if __name__ == "__main__":
    main()
