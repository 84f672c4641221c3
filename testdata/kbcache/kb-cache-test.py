#!/usr/bin/env python3
"""kb-cache-test.py BIN -- the compiled knowledge base (analyzer/kb/compiled.c,
kept as kb.compiled in the cache directory) changes nothing but the time:
the first run writes it; a run that reads it reports what a run without it
does; a damaged one, or one another build or other rules files wrote, is
not read, the run loads the JSON files and writes it again; a rules file
changed between two runs is what the second run follows. Runs the user
kind example of testdata/userkind with a copy of
rules/examples/mojo_tensor.json (--rules) in a temporary folder, under
--no-cache (which keeps no facts, but keeps this file)."""
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SOURCE = os.path.join(ROOT, "testdata", "userkind", "rules-101-105-leak-bad.c")
RULES = os.path.join(ROOT, "rules", "examples", "mojo_tensor.json")


def fail(msg):
    sys.exit("FAIL: " + msg)


def run(bin_, cache, rules):
    p = subprocess.run([bin_, "--no-cache", "--cache-dir", cache, "--format",
                        "json", "-q", "--rules", rules, SOURCE, "--",
                        "-I" + os.path.dirname(SOURCE)],
                       capture_output=True, text=True, timeout=300)
    if p.returncode not in (0, 1):
        fail(f"exit {p.returncode}: {p.stderr}")
    return p.stdout


def ids(report):
    return sorted((f["id"], f["line"]) for f in json.loads(report)["findings"])


def main():
    bin_ = sys.argv[1]
    tmp = tempfile.mkdtemp(prefix="ol-kbcache-")
    try:
        cache = os.path.join(tmp, "cache")
        compiled = os.path.join(cache, "kb.compiled")
        rules = os.path.join(tmp, "mojo_tensor.json")
        shutil.copy(RULES, rules)

        first = run(bin_, cache, rules)
        if not os.path.isfile(compiled):
            fail("the first run wrote no kb.compiled")
        if not ids(first):
            fail("no findings: the example's rules were not applied")
        written = open(compiled, "rb").read()

        # Read back: the same report, the file left as it was (a write is
        # a rename: a new inode).
        inode = os.stat(compiled).st_ino
        if run(bin_, cache, rules) != first:
            fail("the report differs when the compiled knowledge base is read")
        if os.stat(compiled).st_ino != inode:
            fail("a run that could read kb.compiled wrote it again")

        # Damaged (a byte flipped mid-file), cut short, or not one at all:
        # the same report, and the file written again whole.
        for name, damage in (
                ("damaged", written[:len(written) // 2] +
                 bytes([written[len(written) // 2] ^ 0x5a]) +
                 written[len(written) // 2 + 1:]),
                ("truncated", written[:len(written) // 3]),
                ("foreign", b"not a compiled knowledge base\n")):
            with open(compiled, "wb") as f:
                f.write(damage)
            if run(bin_, cache, rules) != first:
                fail(f"the report differs after a {name} kb.compiled")
            if open(compiled, "rb").read() != written:
                fail(f"a {name} kb.compiled was not written again")

        # A rules file changed: the next run follows it (mojo_tensor_create
        # no longer acquires: its leaks are gone), and writes the file anew.
        text = open(RULES).read()
        changed = text.replace('{"name": "mojo_tensor_create", "ret": "acquire", ',
                               '{"name": "mojo_tensor_create", ')
        if changed == text:
            fail("the example rules file no longer has the entry this test edits")
        with open(rules, "w") as f:
            f.write(changed)
        second = run(bin_, cache, rules)
        if open(compiled, "rb").read() == written:
            fail("kb.compiled was not written again for changed rules")
        if len(ids(second)) >= len(ids(first)):
            fail(f"the changed rules were not followed: {ids(first)} then "
                 f"{ids(second)}")
        if run(bin_, cache, rules) != second:
            fail("the report differs when the new kb.compiled is read")
        # Back to the first rules: the first report again.
        shutil.copy(RULES, rules)
        if run(bin_, cache, rules) != first:
            fail("the report differs with the first rules back")
        print("ok: kb.compiled written, read, refused when damaged or stale")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
