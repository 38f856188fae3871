#!/usr/bin/env python3
"""Generate N todos as benchmark data, in the format of todos-tui or of a peer app.

    scripts/gen-todos.py 10000 --format todotxt  --out /tmp/t/todo.txt
    scripts/gen-todos.py 10000 --format tudu     --out /tmp/t/tudu.xml
    scripts/gen-todos.py 10000 --format calcurse --out /tmp/t/calcurse/todo

Every format gets the same todos: title "Todo 000001 <words>", one in five completed, some with
a priority, a +project and an @context. The output is deterministic (a fixed seed).
"""
import argparse
import os
import random
from xml.sax.saxutils import escape

WORDS = ("buy milk call mom fix the bike write report water plants book flights pay rent "
         "review pull request clean kitchen renew passport read chapter plan trip").split()
PROJECTS = ["home", "work", "garden", "travel", "books"]
CONTEXTS = ["phone", "errands", "computer", "office"]


def todos(count, seed=6):
    """Yields (title, done, priority) with priority 'A'..'C' or None."""
    rng = random.Random(seed)
    for n in range(1, count + 1):
        words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 6)))
        title = f"Todo {n:06d} {words}"
        if rng.random() < 0.5:
            title += f" +{rng.choice(PROJECTS)}"
        if rng.random() < 0.3:
            title += f" @{rng.choice(CONTEXTS)}"
        done = n % 5 == 0
        priority = rng.choice("ABC") if rng.random() < 0.2 else None
        yield title, done, priority


def todotxt(items):
    for title, done, priority in items:
        if done:
            yield f"x 2024-05-02 2024-05-01 {title}\n"
        elif priority:
            yield f"({priority}) 2024-05-01 {title}\n"
        else:
            yield f"2024-05-01 {title}\n"


def tudu(items):
    yield '<?xml version="1.0"?>\n<!DOCTYPE tudu SYSTEM "/usr/share/tudu/tudu.dtd">\n<todo>\n'
    for title, done, priority in items:
        prio = f"<priority>{'ABC'.index(priority) + 1}</priority>" if priority else ""
        yield (f'\t<todo done="{"yes" if done else "no"}" collapse="no">'
               f"<title>{escape(title)}</title>{prio}</todo>\n")
    yield "</todo>\n"


def calcurse(items):
    # calcurse's todo file: "[N] text", N = priority 0-9, negative when completed.
    for title, done, priority in items:
        level = "ABC".index(priority) + 1 if priority else 0
        yield f"[{-level if done else level}] {title}\n"


FORMATS = {"todotxt": todotxt, "tudu": tudu, "calcurse": calcurse}


def write(count, fmt, out):
    """Writes `count` todos in format `fmt` to the file `out` (creating its directory)."""
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        f.writelines(FORMATS[fmt](todos(count)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int)
    parser.add_argument("--format", choices=sorted(FORMATS), default="todotxt")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    write(args.count, args.format, args.out)


if __name__ == "__main__":
    main()
