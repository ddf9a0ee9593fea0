#!/usr/bin/env python3
"""Runs the commands shown in the documentation and checks what they print.

A fenced block is runnable when the line before it (blank lines aside) is
the HTML comment <!-- runnable -->, which Markdown does not render. In it,
every line that starts with "$ " is a command (a line ending in a backslash
continues on the next one), and the lines after it, up to the next command
or the end of the block, are the output the reader is shown. Other blocks
are never run: use them for what needs a GPU, or for illustrations.

Every file runs in one bash shell, so cd and export carry from command to
command, inside a sandbox that looks like the repository: copies of
examples/, scripts/, docs/ and README.md, build/bin linked to the tools
under test and on PATH, and ../shared linked to the real one when it exists.
TMPDIR points into the sandbox.

A command passes when it exits with 0 and every output line shown for it
matches a line of its output, in order (other lines may come in between).
Lines are compared with surrounding whitespace removed, any run of
whitespace matching any other, every number matching any number (timings,
thread counts and sizes vary between machines), and "..." matching
anything. The first failing command of a file ends that file.

usage: doc-commands.py --root SRC --tools BIN --work DIR FILE.md...
       doc-commands.py --list [--root SRC] FILE.md...   (only list them)
"""

import argparse
import os
import re
import shutil
import subprocess
import sys

NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
TOKEN = re.compile(r"(\.\.\.)|(\s+)|(%s)" % NUMBER)


def parse(path):
    """Returns [(line number, command, [expected output lines])]."""
    commands = []
    in_sh = False  # inside a runnable block
    marked = False  # <!-- runnable --> seen, its block not yet
    fence = None
    current = None  # the block's last command: output lines belong to it
    pending = None  # a command still being continued with "\"
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if fence is None:
            m = re.match(r"^(```+|~~~+)", stripped)
            if m:
                fence = m.group(1)
                in_sh = marked
                marked = False
            elif stripped == "<!-- runnable -->":
                marked = True
            elif stripped:
                marked = False
            continue
        if stripped.startswith(fence) and stripped.strip("`~") == "":
            fence = None
            in_sh = False
            current = pending = None
            continue
        if not in_sh:
            continue
        if pending is not None:
            pending[1].append(line)
            if not line.endswith("\\"):
                pending = None
            continue
        if line.startswith("$ "):
            current = (number, [line[2:]], [])
            commands.append(current)
            if line.endswith("\\"):
                pending = current
        elif current is not None and stripped:
            current[2].append(line)
    return [(n, "\n".join(c), e) for n, c, e in commands]


def pattern(expected):
    """The regex for one shown output line."""
    out = []
    pos = 0
    text = expected.strip()
    for m in TOKEN.finditer(text):
        out.append(re.escape(text[pos:m.start()]))
        if m.group(1):
            out.append(".*")
        elif m.group(2):
            out.append(r"\s+")
        else:
            out.append(NUMBER)
        pos = m.end()
    out.append(re.escape(text[pos:]))
    return re.compile("".join(out))


def check_output(expected, actual):
    """None when every expected line matches in order, else the first
    expected line that does not."""
    lines = [l.strip() for l in actual.split("\n")]
    i = 0
    for e in expected:
        if e.strip() == "...":
            continue
        p = pattern(e)
        while i < len(lines) and not p.fullmatch(lines[i]):
            i += 1
        if i == len(lines):
            return e
        i += 1
    return None


def sandbox(root, tools, work):
    repo = os.path.join(work, "repo")
    os.makedirs(repo)
    ignore = shutil.ignore_patterns("out", "skipped.txt")
    for d in ["examples", "scripts", "docs"]:
        if os.path.isdir(os.path.join(root, d)):
            shutil.copytree(os.path.join(root, d), os.path.join(repo, d),
                            ignore=ignore, symlinks=True)
    if os.path.exists(os.path.join(root, "README.md")):
        shutil.copy(os.path.join(root, "README.md"), repo)
    os.makedirs(os.path.join(repo, "build"))
    os.symlink(os.path.abspath(tools), os.path.join(repo, "build", "bin"))
    shared = os.path.join(os.path.dirname(os.path.abspath(root)), "shared")
    if os.path.isdir(shared):
        os.symlink(shared, os.path.join(work, "shared"))
    os.makedirs(os.path.join(work, "tmp"))
    return repo


def run_file(path, root, tools, work):
    commands = parse(path)
    name = os.path.relpath(path, root)
    if not commands:
        print("%s: no runnable commands" % name)
        return 0
    repo = sandbox(root, tools, work)
    script = ["cd %s || exit 1" % repo]
    for i, (_, command, _) in enumerate(commands):
        log = os.path.join(work, "out.%d" % i)
        rc = os.path.join(work, "rc.%d" % i)
        script.append(": > %s.started" % rc)
        script.append("{\n%s\n} > %s 2>&1 < /dev/null\necho $? > %s" %
                      (command, log, rc))
        script.append('[ "$(cat %s)" = 0 ] || exit 0' % rc)
    env = dict(os.environ)
    env["PATH"] = os.path.join(repo, "build", "bin") + ":" + env["PATH"]
    env["TMPDIR"] = os.path.join(work, "tmp")
    env.pop("TT_BIN", None)
    env.pop("MAKEFLAGS", None)
    env.pop("MFLAGS", None)
    env.pop("MAKELEVEL", None)
    subprocess.run(["bash", "-c", "\n".join(script)], env=env, timeout=300)

    failures = 0
    for i, (line, command, expected) in enumerate(commands):
        where = "%s:%d: $ %s" % (name, line, command.split("\n")[0])
        rc_file = os.path.join(work, "rc.%d" % i)
        if not os.path.exists(rc_file):
            if os.path.exists(rc_file + ".started"):
                failures += 1
                print("%s: FAILED: it ended the shell" % where)
            else:
                print("%s: NOT RUN (an earlier command failed)" % where)
            continue
        with open(rc_file) as f:
            rc = f.read().strip()
        with open(os.path.join(work, "out.%d" % i), errors="replace") as f:
            output = f.read()
        if rc != "0":
            failures += 1
            print("%s: FAILED with exit code %s; it printed:" % (where, rc))
            print("    " + output.rstrip().replace("\n", "\n    "))
            continue
        missing = check_output(expected, output)
        if missing is not None:
            failures += 1
            print("%s: OUTPUT DIFFERS: the docs show\n    %s\nwhich is not in "
                  "what it printed (in order):" % (where, missing.strip()))
            print("    " + output.rstrip().replace("\n", "\n    "))
            continue
        print("%s: ok" % where)
    return failures


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=".")
    ap.add_argument("--tools")
    ap.add_argument("--work")
    ap.add_argument("--list", action="store_true",
                    help="only list the runnable commands")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    if not args.list and not (args.tools and args.work):
        ap.error("--tools and --work are needed to run the commands")
    failures = 0
    count = 0
    for i, path in enumerate(args.files):
        if args.list:
            for line, command, expected in parse(path):
                print("%s:%d: $ %s  [%d output lines]" %
                      (os.path.relpath(path, args.root), line, command,
                       len(expected)))
            continue
        count += len(parse(path))
        work = os.path.join(args.work, "%d-%s" % (i, os.path.basename(path)))
        failures += run_file(path, args.root, args.tools, work)
    if not args.list:
        print("%d commands, %d failed" % (count, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
