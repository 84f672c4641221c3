#!/usr/bin/env python3
"""cache-missing-header-test.py BIN STUB_INC -- a file with an #include
that is not found (a -dev package not installed yet) is served from the
facts cache while the header is still missing; once the header appears
where the include would find it, the next run analyzes the file again and
reports what the whole file says, as an uncached run does."""
import os
import subprocess
import sys
import tempfile

BIN, INC = sys.argv[1], sys.argv[2]
failures = []

SOURCE = """#include <Python.h>
#include "later.h"

PyObject *make(void)
{
	PyObject *list = PyList_New(0);
	if (later_ok(1) < 0)
		return NULL;
	return list;
}
"""


def run(src, cache, *extra):
    r = subprocess.run([BIN, "--cache-dir", cache, "-j", "1",
                        "--no-default-includes", *extra, src, "--",
                        "-I" + INC, "-I" + os.path.dirname(src)],
                       capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


with tempfile.TemporaryDirectory() as tmp:
    src = os.path.join(tmp, "mod.c")
    with open(src, "w") as f:
        f.write(SOURCE)
    cache = os.path.join(tmp, "cache")
    rc1, out1, err1 = run(src, cache)
    if "'later.h' file not found" not in out1 + err1:
        failures.append("first run: no missing-header notice: " + err1)
    rc1b, out1b, err1b = run(src, cache)
    if "1 unchanged (from the cache)" not in err1b or out1b != out1:
        failures.append("unchanged re-run not served from the cache: " +
                        err1b)
    # The header appears (its package installed): the file is analyzed
    # whole now, and the leak on the error exit is found.
    with open(os.path.join(tmp, "later.h"), "w") as f:
        f.write("int later_ok(int x);\n")
    rc2, out2, err2 = run(src, cache)
    rc3, out3, err3 = run(src, cache, "--no-cache")
    if "unchanged (from the cache)" in err2:
        failures.append("second run served from the cache: " + err2)
    if out2 != out3:
        failures.append("second run differs from an uncached run:\n" +
                        out2 + "\n---\n" + out3)
    if "MOJO-OWN-105" not in out2:
        failures.append("second run: the leak is not reported:\n" + out2)

for f in failures:
    print("FAIL:", f)
print(f"{1 if failures else 0} failed")
sys.exit(1 if failures else 0)
