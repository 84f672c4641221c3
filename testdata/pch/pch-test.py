#!/usr/bin/env python3
"""pch-test.py BIN -- the precompiled prefix (analyzer/frontend/pch.c) changes
nothing but the time: the report on src/ (four files share the prefix
`#include "Python.h"`, four others define MAKE_NEW_REFS first, which changes
what include/Python.h's make_value() means, one has code before
Python.h, one adds to the first prefix definitions of names the headers
never mention, so that it shares that prefix's PCH, and one adds a name
they test, so that it shares none) is byte for byte the same with the PCH, with --no-pch, with -j2,
and when no PCH can be written ($TMPDIR missing); each file has its one
finding (so no file got another prefix's PCH); the PCH folder is removed
afterwards. Runs from testdata/pch."""
import json
import os
import subprocess
import sys
import tempfile


def run(bin_, extra, tmpdir):
    env = dict(os.environ, TMPDIR=tmpdir)
    p = subprocess.run([bin_, "--no-cache", "--format", "json", "-q"] + extra +
                       ["--no-default-includes", "src", "--", "-Iinclude"],
                       capture_output=True, text=True, env=env, timeout=900)
    if p.returncode not in (0, 1):
        sys.exit(f"FAIL: exit {p.returncode} for {extra}: {p.stderr}")
    return p.stdout


def main():
    bin_ = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        with_pch = run(bin_, ["-j1"], tmp)
        left = os.listdir(tmp)
        if left:
            sys.exit(f"FAIL: the PCH folder was left behind: {left}")
        for extra, tmpdir in ((["-j1", "--no-pch"], tmp), (["-j2"], tmp),
                              (["-j1"], os.path.join(tmp, "missing"))):
            other = run(bin_, extra, tmpdir)
            if other != with_pch:
                sys.exit(f"FAIL: the report differs with {extra} "
                         f"(TMPDIR {tmpdir})")
    got = sorted((os.path.basename(f["file"]), f["id"])
                 for f in json.loads(with_pch)["findings"])
    want = sorted([("code-first.c", "MOJO-OWN-104"),
                   ("foreign1.c", "MOJO-OWN-105"),
                   ("tested1.c", "MOJO-OWN-101")] +
                  [(f"newref{i}.c", "MOJO-OWN-101") for i in range(1, 5)] +
                  [(f"plain{i}.c", "MOJO-OWN-105") for i in range(1, 5)])
    if got != want:
        sys.exit(f"FAIL: findings {got}, expected {want}")
    print("PASS: same report with and without the PCH, -j1/-j2, no TMPDIR")


main()
