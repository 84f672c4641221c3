#!/usr/bin/env python3
"""whole-check-cache-test.py BIN STUB_INC -- the whole-program check's
findings (MOJO-OWN-108/110, which see every file's ownership graph at once)
kept in the cache (issue #29's edit loop): a re-run takes them from there
with output identical to an uncached run; an edit that changes a file's
graph (a field now released) changes them; an edit that does not (a
comment) keeps them; a damaged entry is recomputed."""
import glob
import os
import subprocess
import sys
import tempfile

BIN, STUB = sys.argv[1], sys.argv[2]
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


TYPE_C = r"""#include <Python.h>
typedef struct {
	PyObject_HEAD
	PyObject *name;
	PyObject *value;
} PairObject;

int Pair_set(PyObject *self, const char *n, long v)
{
	PyObject *name, *value;
	if ((name = PyUnicode_FromString(n)) == NULL)
		return -1;
	if ((value = PyLong_FromLong(v)) == NULL) {
		Py_DECREF(name);
		return -1;
	}
	Py_XSETREF(((PairObject *)self)->name, name);
	Py_XSETREF(((PairObject *)self)->value, value);
	return 0;
}

static void Pair_dealloc(PyObject *self)
{
	Py_XDECREF(((PairObject *)self)->name);
	/*RELEASE*/
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject PairType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Pair",
	.tp_basicsize = sizeof(PairObject),
	.tp_dealloc = Pair_dealloc,
};
"""

USER_C = r"""#include <Python.h>
int Pair_set(PyObject *self, const char *n, long v);
int use(PyObject *p) { return Pair_set(p, "x", 1); }
"""


def run(d, cache):
    args = [BIN, "--no-default-includes", "-j", "1"]
    args += ["--no-cache"] if cache is None else ["--cache-dir", cache]
    args += [os.path.join(d, "pair.c"), os.path.join(d, "user.c"),
             "--", "-I" + STUB]
    r = subprocess.run(args, capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


with tempfile.TemporaryDirectory() as d:
    pair = os.path.join(d, "pair.c")
    open(pair, "w").write(TYPE_C)
    open(os.path.join(d, "user.c"), "w").write(USER_C)
    cache = os.path.join(d, "cache")

    rc0, out0, _ = run(d, None)
    check(rc0 == 1 and "MOJO-OWN-110" in out0,
          f"uncached run: rc {rc0}, the 110 reported: {out0}")
    rc1, out1, _ = run(d, cache)
    rc2, out2, err2 = run(d, cache)
    check(out1 == out0 and out2 == out0 and rc1 == rc2 == rc0,
          "cached runs differ from the uncached one:\n" + out2)
    check("2 unchanged (from the cache)" in err2, "re-run: " + err2)
    # one entry a file, one for the whole-program check
    entries = glob.glob(os.path.join(cache, "*.facts"))
    check(len(entries) == 3, f"{len(entries)} cache entries, not 3")

    # A comment: the file's graph is the same, and so are the findings.
    open(pair, "a").write("\n/* touched */\n")
    rc3, out3, err3 = run(d, cache)
    check(out3 == out0 and rc3 == rc0, "after a comment:\n" + out3)
    check("1 unchanged (from the cache)" in err3, "comment: " + err3)

    # The field released now: the graph changes, the 110 goes.
    open(pair, "w").write(TYPE_C.replace(
        "/*RELEASE*/", "Py_XDECREF(((PairObject *)self)->value);"))
    rcf, outf, _ = run(d, None)
    rc4, out4, _ = run(d, cache)
    check("MOJO-OWN-110" not in outf and rcf == 0,
          "uncached run of the fixed file: " + outf)
    check(out4 == outf and rc4 == rcf,
          "cached run after the fix differs from an uncached one:\n" + out4)

    # Back to the leak: the first entry serves again, and a damaged
    # whole-check entry is recomputed with one warning.
    open(pair, "w").write(TYPE_C)
    rc5, out5, _ = run(d, cache)
    check(out5 == out0 and rc5 == rc0, "back to the leak:\n" + out5)
    for e in glob.glob(os.path.join(cache, "*.facts")):
        data = open(e, "rb").read()
        open(e, "wb").write(data[:-40] + b"X" * 40)
    rc6, out6, err6 = run(d, cache)
    check(out6 == out0 and rc6 == rc0, "damaged entries:\n" + out6)
    check(err6.count("is damaged") == 1, "one warning: " + err6)

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok")
