#!/usr/bin/env python3
"""predefined-macros.py SRCDIR [INCLUDE_DIR...] -- the tool never predefines
a macro that a library's header tests (issue #27).

Collects every macro the tool's sources hand clang as a "-DNAME..." string
literal (the arguments of every parse), then scans every header under the
given folders (the Python and NumPy installs) for a test of one of them:
#ifdef NAME, #ifndef NAME, defined(NAME), defined NAME. Any hit fails,
listed with its file and line. cpychecker's guards (WITH_CPYCHECKER_*) are
not among the predefined macros: they are spelled "-D" "WITH_..." in
frontend/cpychecker.c, as they are defined only for a project that
mentions them; the test checks that they stay out of the list.

Exit 77 (meson: SKIP) when no folder to scan exists."""
import os
import re
import sys

LITERAL = re.compile(r'"-D([A-Za-z_][A-Za-z0-9_]*)')


def predefined(srcdir):
    names = {}
    for root, _, files in os.walk(os.path.join(srcdir, "analyzer")):
        if os.sep + "tests" in root:
            continue
        for f in files:
            if not f.endswith(".c"):
                continue
            path = os.path.join(root, f)
            for n, line in enumerate(open(path, errors="replace"), 1):
                for m in LITERAL.finditer(line):
                    names.setdefault(m.group(1), "%s:%d" % (path, n))
    return names


def main():
    srcdir, dirs = sys.argv[1], [d for d in sys.argv[2:] if d and os.path.isdir(d)]
    names = predefined(srcdir)
    if not names:
        print("FAIL: found no predefined macro in the sources (the scan is broken)")
        return 1
    guards = [n for n in names if n.startswith("WITH_CPYCHECKER_")]
    if guards:
        print("FAIL: cpychecker's guards are predefined on every parse: %s"
              % ", ".join(sorted(guards)))
    if not dirs:
        print("SKIP: no header folder to scan")
        return 1 if guards else 77
    alt = "|".join(re.escape(n) for n in sorted(names))
    test = re.compile(r'^\s*#\s*(?:ifdef|ifndef)\s+(%s)\b|\bdefined\s*\(?\s*(%s)\b'
                      % (alt, alt))
    hits, nfiles = [], 0
    for d in dirs:
        for root, _, files in os.walk(d):
            for f in files:
                if not f.endswith((".h", ".hpp", ".hh")):
                    continue
                path = os.path.join(root, f)
                nfiles += 1
                for n, line in enumerate(open(path, errors="replace"), 1):
                    m = test.search(line)
                    if m:
                        hits.append("%s:%d: tests %s" % (path, n, m.group(1) or m.group(2)))
    print("%d predefined macros (%s); %d headers scanned in %s"
          % (len(names), ", ".join(sorted(names)), nfiles, ", ".join(dirs)))
    for h in hits:
        print("FAIL: " + h)
    return 1 if hits or guards else 0


sys.exit(main())
