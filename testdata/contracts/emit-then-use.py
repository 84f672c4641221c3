#!/usr/bin/env python3
"""emit-then-use.py BIN -- the round trip of --emit-rules (issue #11): the
rules file written for xfile/ makes another project's release of
cache_get()'s borrowed result a finding, which it is not without it."""
import os
import subprocess
import sys
import tempfile

bin_ = sys.argv[1]
here = os.path.dirname(os.path.abspath(__file__))
with tempfile.TemporaryDirectory() as tmp:
    rules = os.path.join(tmp, "project.json")
    r = subprocess.run([bin_, "-q", "--emit-rules", rules, "-p",
                        os.path.join(here, "xfile")], capture_output=True,
                       text=True)
    if r.returncode not in (0, 1) or not os.path.exists(rules):
        sys.exit(f"--emit-rules failed ({r.returncode}): {r.stderr}")
    use = os.path.join(here, "uses-rules.c")
    inc = "-I" + os.path.join(here, "..", "include")
    without = subprocess.run([bin_, "-q", "--no-default-includes", use, "--",
                              inc], capture_output=True, text=True)
    with_ = subprocess.run([bin_, "-q", "--no-default-includes", "--rules",
                            rules, use, "--", inc], capture_output=True,
                           text=True)
    if "MOJO-OWN-106" in without.stdout:
        sys.exit("unexpected MOJO-OWN-106 without the rules file:\n" +
                 without.stdout)
    if with_.returncode != 1 or "uses-rules.c:14:2: error: borrowed reference 'v' from 'cache_get'" not in with_.stdout:
        sys.exit(f"expected MOJO-OWN-106 with the rules file "
                 f"({with_.returncode}):\n{with_.stdout}{with_.stderr}")
print("ok")
