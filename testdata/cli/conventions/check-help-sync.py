#!/usr/bin/env python3
"""check-help-sync.py -- keeps the documents that list options in step with
`mojo-ownlint --help` (python3 stdlib).

    check-help-sync.py BIN man MANPAGE        every option of --help is in
                                              the man page
    check-help-sync.py BIN groff MANPAGE      groff renders it without a
                                              warning (77: no groff)
    check-help-sync.py BIN analyze CI_ANALYZE every option --help shows with
                                              a <value> is one ci/analyze
                                              skips with its value
    check-help-sync.py BIN readme README      the sample output after
                                              "$ ci/analyze examples/" is
                                              what the tool prints there, in
                                              order ("..." skips lines)

An option of --help is a word that starts an option line ("  -o, --output
<file>  ..."), before its description.
"""
import os
import re
import shutil
import subprocess
import sys


def help_options(binary):
    """{option: takes_value} from the option lines of --help."""
    out = subprocess.run([binary, "--help"], capture_output=True, text=True,
                         check=True).stdout
    opts = {}
    for line in out.splitlines():
        if not line.startswith("  -") or line.startswith("  -- "):
            continue
        head = re.split(r"\s{2,}", line.strip())[0]
        for m in re.finditer(r"(--?[a-zA-Z][\w-]*)(=\S+|\[=\S+\])?(\s+<[^>]+>)?",
                             head):
            opts[m.group(1)] = bool(m.group(3))
    return opts


def check_readme(binary, readme):
    text = open(readme, encoding="utf-8").read()
    m = re.search(r"^\$ ci/analyze examples/\n(.*?)^```", text, re.M | re.S)
    if not m:
        print("no '$ ci/analyze examples/' sample in %s" % readme)
        return 1
    root = os.path.dirname(os.path.abspath(readme))
    out = subprocess.run([os.path.abspath(binary), "--no-cache",
                          "examples/"], cwd=root,
                         capture_output=True, text=True).stdout.splitlines()
    at = 0
    for line in m.group(1).splitlines():
        if line == "...":
            continue
        try:
            at = out.index(line, at) + 1
        except ValueError:
            print("README sample line not printed (in this order) by "
                  "the tool:\n  %s\nthe tool prints:\n  %s"
                  % (line, "\n  ".join(out)))
            return 1
    print("the README's sample output is what the tool prints")
    return 0


def main():
    binary, mode, path = sys.argv[1:4]
    if mode == "groff":
        if not shutil.which("groff"):
            print("SKIP: groff is not installed")
            return 77
        r = subprocess.run(["groff", "-man", "-Tutf8", "-ww", "-z", path],
                           capture_output=True, text=True)
        if r.returncode or r.stderr:
            print("groff warns about %s:\n%s" % (path, r.stderr))
            return 1
        print("%s renders without a warning" % path)
        return 0
    if mode == "readme":
        return check_readme(binary, path)
    opts = help_options(binary)
    text = open(path, encoding="utf-8").read()
    if mode == "man":
        text = text.replace("\\-", "-").replace("\\fB", "").replace(
            "\\fR", "").replace("\\fI", "").replace("\\fP", "")
        missing = [o for o in opts
                   if not re.search(r"(?<![\w-])%s(?![\w-])" % re.escape(o),
                                    text)]
        what = "the man page"
    elif mode == "analyze":
        missing = [o for o, value in opts.items() if value and
                   not re.search(r"(?<![\w-])%s(?![\w-])" % re.escape(o),
                                 text)]
        what = "ci/analyze's list of options that take a value"
    else:
        print("unknown mode %r" % mode)
        return 2
    if missing:
        print("in --help but not in %s: %s" % (what, " ".join(missing)))
        return 1
    print("%d options of --help checked, all in %s" % (
        len(opts) if mode == "man" else sum(opts.values()), what))
    return 0


if __name__ == "__main__":
    sys.exit(main())
