#!/usr/bin/env python3
"""Render todos-tui(1) in roff, for users, from the command definition and the docs.

The options come from the built binary's `--experimental-dump-help` (the command definition in
JSON, in the shape of swift-argument-parser's ToolInfo), so the page lists exactly what the parser accepts; every config action, with its
default keys and what it does, comes from its `--print-config`. COMMANDS (the verbs), KEYS, DATES
and CONFIGURATION are docs/command-line.md, docs/keys.md, docs/dates.md and docs/config.md
(found beside KEYS_MD) turned into roff, less
what is written for developers: sections about the code, and sentences or asides that name
source files or types (`KeyTable`, Sources/…). FILES, ENVIRONMENT and EXIT STATUS are written
here. DOC_DIR, optional, is where `make install` puts the docs.

    scripts/generate-man-page.py .build/debug/todos-tui docs/keys.md .build/man/todos-tui.1 \
      /usr/local/share/doc/todos-tui
"""

import json
import os
import re
import subprocess
import sys
import tempfile


# Where a docs page's subject is in the man page.
PAGE_SECTIONS = {"keys.md": "KEYS", "dates.md": "DATES", "config.md": "CONFIGURATION"}


def page_reference(name):
    """docs/dates.md -> `DATES below`; a page not in the man page -> its installed name."""
    base = os.path.basename(name)
    if base in PAGE_SECTIONS:
        return PAGE_SECTIONS[base] + " in this page"
    return "docs/" + base + " in the documentation folder"


def roff_text(text):
    """Escape plain text for roff and turn inline Markdown into fonts."""
    text = text.replace("\\", "\\e")
    # [text](page.md#part) -> the section it is in; [text](url) -> text
    text = re.sub(
        r"\[([^\]]+)\]\(([^)#]+\.md)(#[^)]*)?\)", lambda m: page_reference(m.group(2)), text)
    text = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", text)
    text = re.sub(r"(?<![\w/])(?:docs/)?(keys|dates|config)\.md\b",
                  lambda m: page_reference(m.group(0)), text)
    text = re.sub(r"`([^`]+)`", r"\\fB\1\\fR", text)
    text = re.sub(r"\*\*([^*]+)\*\*", r"\\fB\1\\fR", text)
    text = re.sub(r"(?<![\w*])\*([^*]+)\*(?![\w*])", r"\\fI\1\\fR", text)
    # roff input is ASCII: other characters as groff/mandoc Unicode escapes.
    return "".join(c if ord(c) < 128 else "\\[u%04X]" % ord(c) for c in text)


def roff_line(text):
    """A line of running text: a leading . or ' would be read as a request."""
    text = roff_text(text)
    return "\\&" + text if text.startswith((".", "'")) else text


def option_name(name):
    prefix = "-" if name["kind"] == "short" else "--"
    return "\\fB" + (prefix + name["name"]).replace("-", "\\-") + "\\fR"


def option_tag(argument):
    """`--file <file>` as roff: the names, then the value for options."""
    if argument["kind"] == "positional":
        return "\\fI" + argument["valueName"] + "\\fR"
    names = ", ".join(option_name(name) for name in argument.get("names", []))
    if argument["kind"] == "option":
        names += " \\fI" + argument.get("valueName", "value") + "\\fR"
    return names


def synopsis(command):
    parts = []
    for argument in command.get("arguments", []):
        if not argument.get("shouldDisplay", True):
            continue
        if argument["kind"] == "positional":
            continue
        name = argument.get("preferredName") or argument["names"][0]
        text = option_name(name)
        if argument["kind"] == "option":
            text += " \\fI" + argument.get("valueName", "value") + "\\fR"
        parts.append("[" + text + "]")
    for argument in command.get("arguments", []):
        if argument["kind"] == "positional" and argument.get("shouldDisplay", True):
            text = "\\fI" + argument["valueName"] + "\\fR"
            parts.append("[" + text + "]" if argument.get("isOptional") else text)
    return parts


def paragraphs(text):
    out = []
    for paragraph in re.split(r"\n\s*\n", text.strip()):
        out.append(".PP")
        out.append(roff_line(" ".join(line.strip() for line in paragraph.splitlines())))
    return out


# Code names in backticks (`KeyTable`, `Config.printed(vocabulary:)`), source paths, test names:
# what a sentence that names them says is for developers.
DEVELOPER = re.compile(
    r"`[A-Z][a-z]+[A-Z]\w*|`\w+\.\w+[.(]|\.swift\b|\bSources/|\bTests/|\(_:|\bTOMLKit\b"
    r"|\w+Tests\b|docs/(?:architecture|performance|testing)\.md|\bpoll\(2\)|\btests\b"
    r"|\bdependency\b")


def for_users(text):
    """`text` without what is for developers: asides (in parentheses) and then sentences that
    name code; empty when nothing is left."""
    previous = None
    while previous != text:
        previous = text
        text = re.sub(r" ?\((?:[^()]|\([^()]*\))*\)",
                      lambda m: "" if DEVELOPER.search(m.group(0)) else m.group(0), text)
    sentences = re.split(r"(?<=[.:;])\s+(?=[A-Z`(\"])", text)
    return " ".join(s for s in sentences if not DEVELOPER.search(s)).strip()


def markdown_section(markdown, title, skip=()):
    """docs/*.md as a man page section: ## headings become .SS, tables .TP items, code blocks
    stay as they are; sections named in `skip`, and what is for developers, are left out."""
    out = [".SH " + title]
    lines = markdown.splitlines()
    paragraph = []

    def flush():
        text = for_users(" ".join(paragraph))
        if text:
            out.append(".PP")
            out.append(roff_line(text))
        paragraph.clear()

    header_seen = False
    skipping = False
    in_code = False
    developers = False  # in a paragraph after <!-- for developers -->
    for line in lines:
        stripped = line.strip()
        if stripped == "<!-- for developers -->":
            flush()
            developers = True
            continue
        if developers:
            developers = bool(stripped)
            continue
        if stripped.startswith("```"):
            if skipping:
                in_code = not in_code
                continue
            flush()
            out.append(".PP\n.RS 4\n.nf" if not in_code else ".fi\n.RE")
            in_code = not in_code
            continue
        if in_code:
            if not skipping:
                out.append(roff_line(line.rstrip()) if line.strip() else "")
            continue
        if stripped.startswith("# "):
            continue  # the page title; the section has its own
        if stripped.startswith(("## ", "### ")):
            flush()
            heading = stripped.split(" ", 1)[1]
            level = stripped.split(" ", 1)[0]
            if level == "##":
                skipping = heading in skip
            if not skipping:
                out.append(".SS " + roff_text(heading))
            header_seen = False
            continue
        if skipping:
            continue
        if stripped.startswith("|"):
            flush()
            cells = [cell.strip() for cell in stripped.strip("|").split(" | ")]
            if re.fullmatch(r"[|:\s-]+", stripped):
                header_seen = True
                continue
            if not header_seen:
                continue  # the table's header row
            out.append(".TP")
            out.append(roff_line(cells[0]))
            rest = [for_users(cell) for cell in cells[1:]]
            out.append(roff_line(" \u2014 ".join(cell for cell in rest if cell)))
            continue
        header_seen = False
        item = re.match(r"([-*]|\d+\.) (.*)", stripped)
        if item:
            flush()
            text = for_users(item.group(2))
            if text:
                mark = item.group(1)
                out.append(".IP \\(bu 2" if mark in "-*" else ".IP %s 4" % mark)
                out.append(roff_line(text))
            continue
        if not stripped:
            flush()
            continue
        paragraph.append(stripped)
    flush()
    return out


def printed_actions(printed):
    """The [keys] actions of `--print-config`: (name, default keys, what it does)."""
    actions = []
    comment = None
    section = None
    for line in printed.splitlines():
        if line.startswith("["):
            section = line
        elif section == "[keys]" and line.startswith("# ") and " Default: " in line:
            comment = line[2:]
        elif section == "[keys]" and comment and " = " in line and not line.startswith("#"):
            summary, default = comment.rsplit(" Default: ", 1)
            actions.append((line.split(" = ")[0], default, summary))
            comment = None
    return actions


def actions_section(printed):
    out = [
        ".SS Every action",
        "Each action config.toml's [keys] can bind, with its default keys and what it does "
        "(\\fBtodos\\-tui \\-\\-print\\-config\\fR prints the same, with the keys in force).",
    ]
    for name, default, summary in printed_actions(printed):
        out.append(".TP")
        out.append("\\fB" + roff_text(name).replace("-", "\\-") + "\\fR = " + roff_text(default))
        out.append(roff_line(summary))
    return out


FILES = [
    ("$XDG_DATA_HOME/todos-tui/todo.txt",
     "The todo file when none is given (~/.local/share/todos-tui/todo.txt when XDG_DATA_HOME "
     "is unset, empty or relative; the folder is created with mode 0700). A plain todo.txt "
     "file: one todo a line; lines the app does not show (comments, blank lines) are kept."),
    ("done.txt",
     "Where A archives completed todos: beside the todo file unless --done-file, $DONE_FILE or "
     "done_file say otherwise. Its folder must exist: the app does not start otherwise."),
    ("$XDG_CONFIG_HOME/todos-tui/config.toml",
     "The config file (~/.config/todos-tui/config.toml); see CONFIGURATION."),
    ("todo.txt.recovery",
     "Your changes, when the app quit while saves failed (else under "
     "~/.local/state/todos-tui/); the next start says so."),
    ("todo.txt.conflict",
     "A copy of a todo file that another program made unreadable as text, kept instead of "
     "merged."),
]

ENVIRONMENT = [
    ("TODO_FILE", "The todo file, when neither FILE nor --file is given."),
    ("DONE_FILE", "Where A archives completed todos, unless --done-file is given."),
    ("TODOS_TUI_CONFIG", "The config file, unless --config is given."),
    ("XDG_DATA_HOME, XDG_CONFIG_HOME, XDG_STATE_HOME",
     "Where the default todo file, the config file and a recovery file go."),
    ("VISUAL, EDITOR", "The editor E opens a todo's line in (else vi)."),
    ("NO_COLOR", "When set and not empty, no colours: bold, dim and reverse video still tell "
     "things apart."),
    ("TERM", "The terminal type; the app needs one that can move its cursor (not dumb)."),
]


def term_list(title, items):
    out = [".SH " + title]
    for term, text in items:
        out += [".TP", "\\fB" + roff_text(term).replace("-", "\\-") + "\\fR", roff_line(text)]
    return out


def render(tool, docs, printed, doc_dir=None):
    command = tool["command"]
    name = command["commandName"]
    version = command.get("version") or ""
    out = [
        '.\\" Generated by scripts/generate-man-page.py from the command definition and',
        '.\\" docs/command-line.md, keys.md, dates.md and config.md. Do not edit; run `make man`.',
        '.TH %s 1 "" "%s %s" "User Commands"' % (name.upper(), name, version),
        ".SH NAME",
        "%s \\- %s" % (name, roff_text(command.get("abstract", "").rstrip("."))),
        ".SH SYNOPSIS",
        ".B " + name,
    ]
    out += synopsis(command)
    out += [".SH DESCRIPTION"]
    out += paragraphs(command.get("abstract", "") + "\n\n" + command.get("discussion", ""))
    out.append(".SH OPTIONS")
    for argument in command.get("arguments", []):
        if not argument.get("shouldDisplay", True):
            continue
        out.append(".TP")
        out.append(option_tag(argument))
        abstract = argument.get("abstract", "")
        if argument.get("defaultValue"):
            abstract += " (default: %s)" % argument["defaultValue"]
        out.append(roff_line(abstract))
        if argument.get("discussion"):
            discussion = argument["discussion"]
            if isinstance(discussion, dict):
                discussion = json.dumps(discussion)
            out += paragraphs(discussion)
    out += markdown_section(docs["command-line"], "COMMANDS")
    out += markdown_section(docs["keys"], "KEYS")
    out += markdown_section(docs["dates"], "DATES", skip=("Staying fast on a big list",))
    out += markdown_section(
        docs["config"], "CONFIGURATION",
        skip=("In the app", "Man page and shell completion", "Cost"))
    out += actions_section(printed)
    out += term_list("FILES", FILES)
    out += term_list("ENVIRONMENT", ENVIRONMENT)
    out += [
        ".SH EXIT STATUS",
        ".TP",
        "0",
        "The app quit with every change saved, a verb did what it was asked; --help, "
        "--version, --print-config, and --check-config with no problems.",
        ".TP",
        "1",
        "The todo file or the done file cannot be used (the message names it and says how to "
        "fix it), a verb's line number is not a todo it can change, a change could not be "
        "saved when the app quit (it went to a recovery file, named in the message), or "
        "--check-config found problems.",
        ".TP",
        "64",
        "The command line is wrong (an unknown option or verb, a missing value or argument).",
        ".SH SEE ALSO",
        "\\fBtodo-txt\\fR(1) (todo.sh), the todo.txt format: https://github.com/todotxt/todo.txt",
    ]
    if doc_dir:
        out += [
            ".PP",
            "The documentation, with more on the file format and merging: " + roff_text(doc_dir)
            + "/README.md and " + roff_text(doc_dir) + "/docs/.",
        ]
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit("usage: generate-man-page.py TODOS_TUI_BINARY KEYS_MD OUTPUT [DOC_DIR]")
    binary, keys_path, output = sys.argv[1:4]
    doc_dir = sys.argv[4] if len(sys.argv) == 5 else None
    dump = subprocess.run(
        [binary, "--experimental-dump-help"], check=True, capture_output=True, text=True
    ).stdout
    # The defaults, whatever config file the person running this has: an empty one.
    with tempfile.NamedTemporaryFile(suffix=".toml") as empty:
        printed = subprocess.run(
            [binary, "--config", empty.name, "--print-config"], check=True,
            capture_output=True, text=True).stdout
    docs = {}
    folder = os.path.dirname(keys_path)
    for name in ("keys", "dates", "config", "command-line"):
        with open(os.path.join(folder, name + ".md"), encoding="utf-8") as handle:
            docs[name] = handle.read()
    page = render(json.loads(dump), docs, printed, doc_dir)
    folder = os.path.dirname(output)
    if folder:
        os.makedirs(folder, exist_ok=True)
    with open(output, "w", encoding="utf-8") as handle:
        handle.write(page)


if __name__ == "__main__":
    main()
