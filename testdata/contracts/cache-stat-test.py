#!/usr/bin/env python3
"""cache-stat-test.py BIN -- the facts cache's stat index (issue #29: an
unchanged file's hash is not recomputed) never hides an edit: a source or
a header edited in place to the same size, its modification time then
restored with `touch -d`, and a file replaced by another of the same size
and time, are each analyzed again, with the report a run without the
cache gives. A damaged stat index is ignored. Nothing here waits for the
clock: whichever way the tool tells the edit (the change time, or a status
too recent to trust), the report must be the fresh one."""
import os
import shutil
import subprocess
import sys
import tempfile

BIN = os.path.abspath(sys.argv[1])
HERE = os.path.dirname(os.path.abspath(__file__))
INCLUDE = os.path.join(HERE, "..", "include")
failures = []

SOURCE = """#include <Python.h>
#include "release.h"

PyObject *make(long a)
{
	PyObject *x = PyLong_FromLong(a);
	if (x == NULL)
		return NULL;
	Py_DECREF(x);
	RELEASE_TOO(a);
	Py_RETURN_NONE;
}
"""
HEADER = "#define RELEASE_TOO(v) ((void)(v)) \n"


def check(cond, what):
    if not cond:
        failures.append(what)


def run(proj, *extra):
    r = subprocess.run([BIN, "--no-default-includes", "-j", "1", *extra,
                        "make.c", "--", "-I" + INCLUDE],
                       capture_output=True, text=True, cwd=proj)
    return r.returncode, r.stdout, r.stderr


def edit_in_place(path, old, new):
    """Rewrites `path` with `old` replaced by `new` (same length), then
    gives it back its modification time with touch -d."""
    assert len(old) == len(new)
    st = os.stat(path)
    text = open(path).read()
    assert old in text
    with open(path, "r+") as f:  # (in place: the same inode)
        f.write(text.replace(old, new))
    stamp = "@%d.%09d" % (st.st_mtime_ns // 10**9, st.st_mtime_ns % 10**9)
    subprocess.run(["touch", "-d", stamp, path], check=True)
    after = os.stat(path)
    assert after.st_size == st.st_size and after.st_ino == st.st_ino
    assert after.st_mtime_ns == st.st_mtime_ns


def fresh(proj, what):
    """The cached run's report equals the uncached one's."""
    rc0, out0, _ = run(proj, "--no-cache")
    rc1, out1, err1 = run(proj, "--cache-dir", cache)
    check(out1 == out0 and rc1 == rc0,
          f"{what}: the cached run differs from the uncached one:\n"
          f"{out1}\n---\n{out0}\n{err1}")
    check("unchanged (from the cache)" not in err1,
          f"{what}: served from the cache: {err1}")
    return out0


with tempfile.TemporaryDirectory() as tmp:
    proj = os.path.join(tmp, "proj")
    os.mkdir(proj)
    src, hdr = os.path.join(proj, "make.c"), os.path.join(proj, "release.h")
    open(src, "w").write(SOURCE)
    open(hdr, "w").write(HEADER)
    cache = os.path.join(tmp, "cache")

    clean = fresh(proj, "first run")
    check("MOJO-OWN-10" not in clean, "the clean source has a finding")
    rc, out, err = run(proj, "--cache-dir", cache)
    check(out == clean and "1 unchanged (from the cache)" in err,
          "unchanged re-run: " + err)
    check(os.path.exists(os.path.join(cache, "stat-index")),
          "no stat index written (the tool and its rules are old enough)")

    # The source, same size, same mtime: the release is gone (a leak).
    edit_in_place(src, "Py_DECREF(x);", "(void)(x);   ")
    leaky = fresh(proj, "source edited in place")
    check("MOJO-OWN-10" in leaky, "the leak was not reported: " + leaky)

    # A header, same size, same mtime: RELEASE_TOO now releases.
    edit_in_place(src, "(void)(x);   ", "Py_DECREF(x);")
    edit_in_place(src, "RELEASE_TOO(a);", "RELEASE_TOO(x);")
    check(fresh(proj, "source edited back") == clean,
          "the source edited back is not clean")
    edit_in_place(hdr, "((void)(v)) ", "Py_DECREF(v)")
    twice = fresh(proj, "header edited in place")
    check("MOJO-OWN-104" in twice or "MOJO-OWN-10" in twice,
          "the double release was not reported: " + twice)

    # Replaced by another file of the same size and times (an editor's
    # save: a new file renamed over the old).
    st = os.stat(hdr)
    new = os.path.join(proj, "release.h.new")
    open(new, "w").write(HEADER)
    os.utime(new, ns=(st.st_atime_ns, st.st_mtime_ns))
    os.rename(new, hdr)
    check(fresh(proj, "header replaced") == clean,
          "the header replaced: not the clean report")

    # A damaged stat index is no index: the same report, no failure.
    index = os.path.join(cache, "stat-index")
    if os.path.exists(index):
        data = bytearray(open(index, "rb").read())
        data[-2] ^= 0x01
        open(index, "wb").write(bytes(data))
    rc0, out0, _ = run(proj, "--no-cache")
    rc1, out1, err1 = run(proj, "--cache-dir", cache)
    check(out1 == out0 and rc1 == rc0 and "1 unchanged" in err1,
          "damaged stat index: " + err1)

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok")
