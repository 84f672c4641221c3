#!/usr/bin/env python3
"""cache-test.py BIN -- the facts cache (issue #11, and #14's result
cache): an unchanged re-run is served from the cache with identical
output; a one-file change parses that file alone; damaged, truncated and
foreign entries are recomputed with one warning; an unusable cache
directory is a warning, never a failure."""
import glob
import os
import shutil
import subprocess
import sys
import tempfile

BIN = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


def run(proj, cache, *extra):
    r = subprocess.run([BIN, "--cache-dir", cache, "-j", "2", *extra,
                        "-p", proj], capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


with tempfile.TemporaryDirectory() as tmp:
    proj = os.path.join(tmp, "xfile")
    shutil.copytree(os.path.join(HERE, "xfile"), proj)
    # the fixture's -I../../include is relative to it: point it at a copy
    shutil.copytree(os.path.join(HERE, "..", "include"),
                    os.path.join(tmp, "inc"))
    db = os.path.join(proj, "compile_commands.json")
    text = open(db).read().replace("-I../../include", "-I../inc")
    open(db, "w").write(text)
    cache = os.path.join(tmp, "cache")

    rc1, out1, err1 = run(proj, cache, "--no-cache")
    rc2, out2, err2 = run(proj, cache)
    check(rc1 == rc2 == 1, f"exit statuses {rc1} {rc2}")
    check("unchanged" not in err2, "first run with a cache: " + err2)
    rc3, out3, err3 = run(proj, cache)
    check(out3 == out1, "re-run output differs from the uncached run")
    check("3 unchanged (from the cache)" in err3, "re-run: " + err3)
    check(rc3 == rc1, f"re-run exit status {rc3}")

    # One file changed: it alone is parsed; its callers keep their
    # entries since its contracts did not change.
    with open(os.path.join(proj, "helpers.c"), "a") as f:
        f.write("\n/* touched */\n")
    rc4, out4, err4 = run(proj, cache)
    check(out4 == out1, "output after touching helpers.c differs")
    check("2 unchanged (from the cache)" in err4, "one-file change: " + err4)

    # Damaged, truncated and foreign entries: recomputed, one warning.
    # (the files' entries: each lists the files it read first; the
    # whole-program check's, which lists none, is whole-check-cache-test's)
    entries = sorted(
        e for e in glob.glob(os.path.join(cache, "*.facts"))
        if not open(e, "rb").read().partition(b"\n")[2].startswith(b"i0\n"))
    check(len(entries) >= 3, f"{len(entries)} entries")
    data = open(entries[0], "rb").read()
    open(entries[0], "wb").write(data[:-40] + b"X" * 40)
    open(entries[1], "wb").write(data[: len(data) // 2])
    foreign = open(entries[2], "rb").read().replace(
        b"mojo-ownlint-facts 1 ", b"mojo-ownlint-facts 7 ", 1)
    open(entries[2], "wb").write(foreign)
    rc5, out5, err5 = run(proj, cache)
    check(out5 == out1, "output with damaged entries differs")
    check(err5.count("is damaged") == 1, "one warning for damage: " + err5)
    check(rc5 == rc1, f"exit status with damaged entries {rc5}")
    rc6, out6, err6 = run(proj, cache)
    check("3 unchanged" in err6 and "damaged" not in err6,
          "entries rewritten after damage: " + err6)

    # A cache directory that cannot be made: a warning, the same report.
    blocker = os.path.join(tmp, "file")
    open(blocker, "w").write("not a directory\n")
    rc7, out7, err7 = run(proj, os.path.join(blocker, "cache"))
    check(out7 == out1 and rc7 == rc1, "unusable cache dir changed output")
    check("cannot be used" in err7 and "running without the cache" in err7,
          "unusable cache dir warning: " + err7)

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok")
