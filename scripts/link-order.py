#!/usr/bin/env python3
"""Writes scripts/link-order.txt: the functions of todos-tui that run on the common keys, then the
ones that run at start, then the data the keys read and write, for lld's --symbol-ordering-file
(the Makefile passes it on release builds).

Laid out side by side, the code a start and a key run sits on a few pages of the binary instead
of being spread over all of it: the start faults fewer pages in, the kernel maps less of the file
around each fault (smaller RSS), and a key touches fewer cache lines and TLB entries. The keys'
functions come first, as one block of their own: a key after a pause finds its code out of the
caches and the TLB, and pays for each page it touches.

    make build CONFIG=release && scripts/link-order.py .build/release/todos-tui .build/release.map

It runs a copy of the binary (debug info stripped, symbols kept) under valgrind's callgrind in a
pseudo-terminal: `--version`, `--help`, then the app on 100 todos: the common keys (navigation,
a toggle, typing in the editor), then add, search, filter, help, undo and quit. The order is the
order of first appearance in callgrind's output; names are mangled, as the linker needs them.

The data comes from a second run, under valgrind's lackey, which lists every address read or
written: the keys' part of the session only, cut into the run loop's turns (one wake-up each) at
each call of the terminal's wait. The linker places data by input section, and a Swift file's
globals (metadata caches, witness tables, `static let`s) share one section per kind: each section
the turns touch is named by its first symbol (the map lists it), those touched on more turns
first. Side by side, a key's globals sit on a few pages instead of one or two lines on each of
some fifty.

The linker map (the release link writes it) names the input sections that hold many functions:
the standard library's, the concurrency library's and libdispatch's code, compiled without a
section per function. The linker can only move such a section whole, where its first listed
function sits, so listing any of its functions would put 1.6 MB of other code inside the block;
they are left out. A function missing from the list (new code) still links, only outside the
group, so a stale list costs speed, never correctness.

Python 3 standard library; needs valgrind (callgrind_control) and binutils' strip, nm and readelf.
"""
import bisect
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

# A session on 100 todos, in parts, each step one key or text with the seconds it may take
# under valgrind. The functions of the "hot" parts, the keys pressed most, lead the list.
PARTS = [
    ("navigation", True, [(b"j", 0.3), (b"k", 0.3), (b"j", 0.3), (b"k", 0.3)]),
    ("editor", True, [(b"e", 0.4), (b"\x1b[F", 0.3)]),
    ("typing", True, [*[(bytes([c]), 0.3) for c in b"milk"], (b"\x7f", 0.3)]),
    ("leaving the editor", False, [(b"\x1b", 0.6)]),
    ("toggle", True, [(b" ", 0.4)]),
    ("the rest", False, [
        (b"", 2.5),  # the completion sort, 1 s after the toggle
        (b"G", 0.3), (b"gg", 0.3),
        (b"a", 0.4), (b"call mum +home due:2026-12-01", 0.6), (b"\r", 0.6),
        (b"/", 0.3), (b"milk", 0.5), (b"\r", 0.4), (b"\x1b", 0.4),
        (b"f", 0.4), (b"f", 0.4), (b"1", 0.4),
        (b"?", 0.4), (b"\x1b", 0.4),
        (b"u", 0.6), (b"j", 0.3),
    ]),
]
# The hot parts' blocks, in the order they are laid out: the most frequent key first, so that
# the code every key runs (run loop, store, view, frame writer) sits in its block, and each
# other key adds only its own functions after it.
HOT_ORDER = ["typing", "navigation", "toggle", "editor"]


def callgrind(argv, out, session=False, cwd=None):
    """Runs argv under callgrind, writing its profile to `out`. With `session`, types PARTS, and
    the profile comes in parts: `out.1` the start to the first frame, `out.2` … the parts but the
    last, and `out` the last part and the quit."""
    command = ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out}"]
    if not session:
        subprocess.run(command + argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return
    app = ptybench.Session(command + argv, 24, 80, cwd=cwd)
    if app.wait_for_marker(r"itemsleft", quiet=1.0, timeout=120) is None:
        sys.exit(f"link-order: the app never showed its list: {argv}")
    for _, _, steps in PARTS:
        # Ends the profile's part so far (valgrind's pid is the session's).
        subprocess.run(["callgrind_control", "--dump", str(app.pid)],
                       stdout=subprocess.DEVNULL, check=True)
        for text, pause in steps:
            type_step(app, text, pause)
    app.quit(b"q", timeout=60)


def type_step(app, text, pause):
    """Types one step of PARTS (nothing for b"", a wait) and reads the app's output for `pause`
    seconds: one step at a time, its output read before the next, as keys that came all at
    once would be taken for a paste."""
    if text:
        os.write(app.fd, text)
    deadline = ptybench.now() + pause
    while ptybench.now() < deadline:
        app._read(deadline - ptybench.now())


def unsplit_functions(link_map, most=16):
    r"""The functions the linker map shows in input sections of more than `most` functions.

    >>> import io
    >>> unsplit_functions(io.StringIO(
    ...     "             VMA              LMA     Size Align Out     In      Symbol\n"
    ...     "          18c1b0           18c1b0   187eea    16         libswiftCore.a(Swift.o):(.text)\n"
    ...     "          18c1b0           18c1b0        6     1                 $sA\n"
    ...     "          18c1c0           18c1c0        c     1                 $sB\n"
    ...     "          400000           400000       40    16         Todos.o:(.text.$sC)\n"
    ...     "          400000           400000       40     1                 $sC\n"), most=1)
    ['$sA', '$sB']
    """
    unsplit, members, in_text = [], [], False

    def close():
        if in_text and len(members) > most:
            unsplit.extend(members)

    row = re.compile(r"^\s*[0-9a-f]+\s+[0-9a-f]+\s+[0-9a-f]+\s+\d+ ( *)(\S.*)$")
    for line in link_map:
        match = row.match(line.rstrip("\n"))
        if not match:
            continue
        indent, name = match.groups()
        if len(indent) < 16:  # an output section (no indent) or an input section (8 spaces)
            close()
            members, in_text = [], name.endswith(":(.text)")
        else:  # a symbol of the input section above (16 spaces)
            members.append(name)
    close()
    return unsplit


# glibc's string functions come in one variant per instruction set (`__memmove_avx2_…`,
# `__strlen_evex`…), picked at start by the CPU: valgrind's virtual CPU lacks AVX-512, so the
# profile names variants the real run does not use. With one variant listed, all of its
# siblings are, so whichever the CPU picks sits with the rest.
VARIANT = re.compile(
    r"^__([a-z][a-z0-9_]*?)_(sse2|ssse3|sse4_1|sse4_2|avx|avx2|avx512|evex|evex512)(_|$)")
# What a start runs outside valgrind only: the C library sets up the vDSO (valgrind gives its
# guest none).
REAL_RUN_ONLY = ["_dl_non_dynamic_init", "_dl_new_object", "_dl_add_to_namespace_list",
                 "_dl_setup_hash"]


def map_symbols(link_map):
    r"""The symbols the linker map lists, in its order.

    >>> import io
    >>> map_symbols(io.StringIO(
    ...     "          18c1b0           18c1b0       20    16         libc.a(strlen-avx2.o):(.text)\n"
    ...     "          18c1b0           18c1b0        6     1                 __strlen_avx2\n"))
    ['__strlen_avx2']
    """
    row = re.compile(r"^\s*[0-9a-f]+\s+[0-9a-f]+\s+[0-9a-f]+\s+\d+ {17}(\S+)$")
    return [m.group(1) for m in map(row.match, (line.rstrip("\n") for line in link_map)) if m]


def variant_siblings(symbols):
    """The variants of each of glibc's per-instruction-set functions, by function.

    >>> variant_siblings(["__strlen_avx2", "__strlen_evex", "strlen", "__memcmp_avx2_movbe"])
    {'strlen': ['__strlen_avx2', '__strlen_evex'], 'memcmp': ['__memcmp_avx2_movbe']}
    """
    groups = {}
    for symbol in symbols:
        match = VARIANT.match(symbol)
        if match:
            groups.setdefault(match.group(1), []).append(symbol)
    return groups


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
                name = re.sub(r"'\d+$", "", names[ident])
                # …and the binary's entry point "(below main)": the linker knows it as _start,
                # which otherwise sits past the ordered code, alone in a window of 64 kB.
                order.append("_start" if name == "(below main)" else name)
            if kind == "fn":
                called = current
    return order


# The run loop's wait for input: each call starts a turn (a key, a timer, a frame).
WAIT_FUNCTION = re.compile(r"^\$s10TerminalUI07NcursesA0C4wait7timeout")
# Output sections whose input sections the order may move.
DATA_SECTIONS = (".data.rel.ro", ".data", ".rodata", ".bss")
# Larger input sections are whole libraries' (the standard library's globals): moved among the
# keys' ones, they would push those apart.
LARGEST_DATA_SECTION = 4096


def data_sections(link_map):
    r"""The input sections of the data output sections, as (start, end, first symbol) by address;
    a section without symbols has None.

    >>> import io
    >>> [(hex(start), hex(end), name) for start, end, name in data_sections(io.StringIO(
    ...     "          9de560           9de560    3f668    32 .data.rel.ro\n"
    ...     "          9de560           9de560      140     8         Debug.swift.o:(.data.rel.ro)\n"
    ...     "          9de560           9de560        8     1                 got.$sA\n"
    ...     "          9de590           9de590       58     1                 $sB\n"
    ...     "          9de6a0           9de6a0       60     8         D.swift.o:(.data.rel.ro)\n"
    ...     "          a00000           a00000       10    16 .text\n"
    ...     "          a00000           a00000       10    16         T.o:(.text)\n"
    ...     "          a00000           a00000       10     1                 $sT\n"))]
    [('0x9de560', '0x9de6a0', 'got.$sA'), ('0x9de6a0', '0x9de700', None)]
    """
    row = re.compile(r"^\s*([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+ ( *)(\S.*)$")
    sections, output, current = [], None, None
    for line in link_map:
        match = row.match(line.rstrip("\n"))
        if not match:
            continue
        address, size, indent, name = match.groups()
        if not indent:
            output, current = name, None
        elif output not in DATA_SECTIONS:
            continue
        elif len(indent) < 16:
            current = [int(address, 16), int(address, 16) + int(size, 16), None]
            sections.append(current)
        elif current is not None and current[2] is None:
            current[2] = name
    return sorted(tuple(section) for section in sections)


def hot_data(trace, wait_address, entry, sections):
    r"""The first symbols of the data sections a lackey trace touches, those touched on most
    turns first (then in order of first touch); the turns start at each run of `wait_address`
    (addresses as the binary has them; the trace's are moved by where it was loaded, found from
    its first instruction, the binary's `entry` point). Touched on one turn only (the start) is
    left out.

    A binary whose entry point is at 0, loaded at 0x1000, its wait function at 0x1000 (0x2000 in
    the trace): the first turn touches $sA and $sC, the second the same, $sB only the start.

    >>> sections = [(0x100, 0x140, "$sA"), (0x140, 0x180, "$sB"), (0x180, 0x200, "$sC")]
    >>> trace = ["I  1000,2", " L 1150,8", "I  2000,3", " S 1100,8", " L 1190,4",
    ...          "I  2000,3", " M 1104,8", "I  1002,1", " L 1190,8"]
    >>> hot_data(trace, 0x1000, 0x0, sections)
    ['$sA', '$sC']
    """
    starts = [section[0] for section in sections]
    turns, turn, shift = {}, -1, None
    for line in trace:
        if line.startswith("I"):
            address = int(line[3:line.index(",")], 16)
            if shift is None:
                shift = address - entry
            if address - shift == wait_address:
                turn += 1
            continue
        if turn < 0 or line[:2] not in (" L", " S", " M"):
            continue
        address = int(line[3:line.index(",")], 16) - shift
        index = bisect.bisect_right(starts, address) - 1
        if index < 0 or address >= sections[index][1]:
            continue
        seen = turns.setdefault(index, [turn, set()])
        seen[1].add(turn)
    ranked = sorted(turns.items(), key=lambda item: (-len(item[1][1]), item[1][0]))
    return [sections[index][2] for index, (_, seen) in ranked
            if len(seen) > 1 and sections[index][2] is not None
            and sections[index][1] - sections[index][0] <= LARGEST_DATA_SECTION]


def lackey(argv, out, cwd):
    """Runs the app under lackey through PARTS but the last (the keys' part; slower than
    callgrind: each pause four times as long), writing its trace of memory accesses to `out`."""
    command = ["valgrind", "--tool=lackey", "--trace-mem=yes", f"--log-file={out}"]
    app = ptybench.Session(command + argv, 24, 80, cwd=cwd)
    if app.wait_for_marker(r"itemsleft", quiet=2.0, timeout=300) is None:
        sys.exit(f"link-order: the app never showed its list under lackey: {argv}")
    for _, _, steps in PARTS[:-1]:
        for text, pause in steps:
            type_step(app, text, 4 * pause)
    app.quit(b"q", timeout=120)


def main():
    if len(sys.argv) == 2 and sys.argv[1] == "--self-test":
        import doctest
        sys.exit(doctest.testmod().failed)
    if len(sys.argv) != 3 or shutil.which("valgrind") is None:
        sys.exit("usage: scripts/link-order.py BINARY LINK_MAP   (needs valgrind)")
    with open(sys.argv[2], errors="replace") as link_map:
        lines = link_map.readlines()
    unsplit = set(unsplit_functions(lines))
    siblings = variant_siblings(map_symbols(lines))
    with tempfile.TemporaryDirectory() as work:
        binary = os.path.join(work, "todos-tui")
        # valgrind cannot read the release build's debug info; the symbol table is enough.
        subprocess.run(["strip", "--strip-debug", "-o", binary, sys.argv[1]], check=True)
        todo = os.path.join(work, "todo.txt")
        ptybench.gen_todos.write(100, "todotxt", todo)
        env_home = os.path.join(work, "home")
        os.makedirs(env_home)
        os.environ["HOME"] = env_home
        runs = {}
        for name, argv in (("version", [binary, "--version"]), ("help", [binary, "--help"]),
                           ("app", [binary, todo])):
            runs[name] = os.path.join(work, f"profile.{name}")
            callgrind(argv, runs[name], session=(name == "app"), cwd=work)
        # The profile's parts: the start, then one per part of PARTS, the last one unnumbered.
        app_parts = [("start", runs["app"] + ".1")] + [
            (name, runs["app"] + (f".{index + 2}" if index + 1 < len(PARTS) else ""))
            for index, (name, _, _) in enumerate(PARTS)]
        hot = sorted((part for part, (_, is_hot, _) in zip(app_parts[1:], PARTS) if is_hot),
                     key=lambda part: HOT_ORDER.index(part[0]))
        parts = hot + [("--version", runs["version"]), ("--help", runs["help"])] + [
            part for part in app_parts if part not in hot]
        seen, order = set(), []
        for name, profile in parts:
            listed = functions("todos-tui", profile)
            print(f"{name}: {len(set(listed))}")
            for function in listed:
                # An unsplit section's function among the hot ones would bring its whole
                # section into their block; after it, the section sits among the start's code,
                # which the kernel maps around it anyway.
                if function in seen or function.startswith("0x") or \
                        ((name, profile) in hot and function in unsplit):
                    continue
                match = VARIANT.match(function)
                for each in siblings.get(match.group(1), [function]) if match else [function]:
                    if each not in seen:
                        seen.add(each)
                        order.append(each)
            if name == "start":
                order.extend(f for f in REAL_RUN_ONLY if f not in seen)
                seen.update(REAL_RUN_ONLY)
        headers = subprocess.run(["readelf", "-hlW", binary], capture_output=True, text=True,
                                 check=True).stdout
        if "INTERP" in headers:
            # A binary with a loader runs the loader's code first, and is loaded where the
            # loader likes: the trace's addresses cannot be told apart from its.
            print("data: left out (not a static executable)")
            data = []
        else:
            entry = int(re.search(r"Entry point address:\s*0x([0-9a-f]+)", headers).group(1), 16)
            trace = os.path.join(work, "lackey.trace")
            lackey([binary, todo], trace, cwd=work)
            symbols = subprocess.run(["nm", "--defined-only", binary], capture_output=True,
                                     text=True, check=True).stdout.splitlines()
            wait = [int(line.split()[0], 16) for line in symbols
                    if len(line.split()) == 3 and WAIT_FUNCTION.match(line.split()[2])]
            if len(wait) != 1:
                sys.exit("link-order: the terminal's wait function was not found (renamed?): "
                         "see WAIT_FUNCTION")
            with open(trace, errors="replace") as trace_lines:
                data = hot_data(trace_lines, wait[0], entry, data_sections(lines))
            print(f"data: {len(data)} sections")
        functions_listed = len(order)
        order.extend(symbol for symbol in data if symbol not in seen)
    target = os.path.join(HERE, "link-order.txt")
    with open(target, "w") as out:
        out.write("\n".join(order) + "\n")
    print(f"{target}: {functions_listed} functions, "
          f"{len(order) - functions_listed} sections of data")


if __name__ == "__main__":
    main()
