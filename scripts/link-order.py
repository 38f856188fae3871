#!/usr/bin/env python3
"""Writes scripts/link-order.txt: the functions of todos-tui that run at start and on the common
keys, for lld's --symbol-ordering-file (the Makefile passes it on release builds).

Laid out side by side, the code a start and a key run sits on a few pages of the binary instead
of being spread over all of it: the start faults fewer pages in, the kernel maps less of the file
around each fault (smaller RSS), and a key touches fewer cache lines and TLB entries.

    make build CONFIG=release && scripts/link-order.py .build/release/todos-tui

It runs a copy of the binary (debug info stripped, symbols kept) under valgrind's callgrind in a
pseudo-terminal: `--version`, `--help`, then the app on 100 todos with navigation, toggling, add,
edit, search, filter, help, undo and quit. The order is the order of first appearance in
callgrind's output; names are mangled, as the linker needs them. A function missing from the list
(new code) still links, only outside the group, so a stale list costs speed, never correctness.

Python 3 standard library; needs valgrind and binutils' strip.
"""
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("ptybench", os.path.join(HERE, "ptybench.py"))
ptybench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ptybench)

# What a session does, in order: (keys, seconds to let it settle under valgrind).
SESSION = [
    (b"j", 0.3), (b"k", 0.3), (b"j", 0.3), (b"G", 0.3), (b"gg", 0.3),
    (b" ", 2.5),  # toggle, then the completion sort 1 s later
    (b"a", 0.4), (b"call mum +home due:2026-12-01", 0.6), (b"\r", 0.6),
    (b"e", 0.4), (b"\x1b[F", 0.3), (b" @phone", 0.4), (b"\x1b", 0.6),
    (b"/", 0.3), (b"milk", 0.5), (b"\r", 0.4), (b"\x1b", 0.4),
    (b"f", 0.4), (b"f", 0.4), (b"1", 0.4),
    (b"?", 0.4), (b"\x1b", 0.4),
    (b"u", 0.6), (b"j", 0.3),
]


def callgrind(argv, out, keys=None, cwd=None):
    """Runs argv under callgrind, writing its profile to `out`; types SESSION when `keys`."""
    command = ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out}"]
    if not keys:
        subprocess.run(command + argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return
    session = ptybench.Session(command + argv, 24, 80, cwd=cwd)
    if session.wait_for_marker(r"itemsleft", quiet=1.0, timeout=120) is None:
        sys.exit(f"link-order: the app never showed its list: {argv}")
    for text, pause in SESSION:
        # One step at a time, its output read before the next: keys that came all at once
        # would be taken for a paste.
        os.write(session.fd, text)
        deadline = ptybench.now() + pause
        while ptybench.now() < deadline:
            session._read(deadline - ptybench.now())
    session.quit(b"q", timeout=60)


def functions(binary_name, profile):
    """The functions of the binary named in a callgrind profile, in order of first appearance."""
    names, objects, order = {}, {}, []
    current = called = None
    pattern = re.compile(r"^(ob|cob|fn|cfn)=\((\d+)\)(?: (.*))?$")
    for line in open(profile, errors="replace"):
        match = pattern.match(line.rstrip("\n"))
        if not match:
            continue
        kind, ident, name = match.groups()
        table = objects if kind in ("ob", "cob") else names
        if name is not None:
            table[ident] = name
        if kind == "ob":
            current = called = objects[ident]
        elif kind == "cob":
            called = objects[ident]
        else:
            owner = current if kind == "fn" else called
            if owner and os.path.basename(owner) == binary_name:
                # callgrind names a function's recursive activations `name'2`, `name'3`, …
                order.append(re.sub(r"'\d+$", "", names[ident]))
            if kind == "fn":
                called = current
    return order


def main():
    if len(sys.argv) != 2 or shutil.which("valgrind") is None:
        sys.exit("usage: scripts/link-order.py BINARY   (needs valgrind)")
    with tempfile.TemporaryDirectory() as work:
        binary = os.path.join(work, "todos-tui")
        # valgrind cannot read the release build's debug info; the symbol table is enough.
        subprocess.run(["strip", "--strip-debug", "-o", binary, sys.argv[1]], check=True)
        todo = os.path.join(work, "todo.txt")
        ptybench.gen_todos.write(100, "todotxt", todo)
        env_home = os.path.join(work, "home")
        os.makedirs(env_home)
        os.environ["HOME"] = env_home
        profiles = []
        for index, argv in enumerate([[binary, "--version"], [binary, "--help"], [binary, todo]]):
            profiles.append(os.path.join(work, f"profile.{index}"))
            callgrind(argv, profiles[-1], keys=(argv[-1] == todo), cwd=work)
            print(f"{' '.join(argv[1:])}: {len(set(functions('todos-tui', profiles[-1])))}")
        seen, order = set(), []
        for profile in profiles:
            for name in functions("todos-tui", profile):
                if name not in seen and not name.startswith("0x"):
                    seen.add(name)
                    order.append(name)
    target = os.path.join(HERE, "link-order.txt")
    with open(target, "w") as out:
        out.write("\n".join(order) + "\n")
    print(f"{target}: {len(order)} functions")


if __name__ == "__main__":
    main()
