#!/usr/bin/env python3
"""cache-bounded-test.py BIN -- the facts cache survives interruption and
stays bounded (issue "Bounded and safe", item 5; analyzer/cache.c).

(a) A run killed (SIGKILL) part way through leaves complete entries for
    the files it finished, and a rerun reuses them and prints what an
    uninterrupted run prints. The kill does not depend on timing: the
    analysis of one input's function spins for ever (the test hook
    MOJO_OWNLINT_TEST_SPIN, base/limits.h) while the other worker
    finishes the other files; the test waits until their entries are all
    there, then kills.
(b) With --cache-max-size, after a run the entries take at most the cap
    and the ones kept are the most recently used (a hit counts as a use);
    temporary files a killed run left are removed once stale, and files
    that are not entries are never touched.
(c) A bad size, on the command line or in .mojo-ownlint.yaml, is a usage
    error (exit status 2)."""
import glob
import os
import shutil
import signal
import subprocess
import sys
import tempfile

BIN = os.path.abspath(sys.argv[1])
HERE = os.path.dirname(os.path.abspath(__file__))
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


def run(args, cwd=None):
    r = subprocess.run([BIN, *args], capture_output=True, text=True,
                       cwd=cwd)
    return r.returncode, r.stdout, r.stderr


def entries(cache):
    return sorted(glob.glob(os.path.join(cache, "*.facts")))


def temporaries(cache):
    return glob.glob(os.path.join(cache, "*.facts.tmp.*"))


def is_complete(path):
    """The entry's header line holds its body's length: a half-written
    entry would not match it."""
    data = open(path, "rb").read()
    head, sep, body = data.partition(b"\n")
    words = head.split()
    return (sep == b"\n" and len(words) == 5 and
            words[0] == b"mojo-ownlint-facts" and int(words[4]) == len(body))


def total_size(cache):
    return sum(os.path.getsize(e) for e in entries(cache))


def summary_count(stderr, what):
    """N in the summary's ', N <what>' (0 when absent)."""
    for line in stderr.splitlines():
        if what in line:
            return int(line.split(what)[0].rsplit(", ", 1)[1])
    return 0


# A file with a finding of its own and no callee in another file.
ALONE = """#include <stdlib.h>

void alone_%s(void)
{
	char *p = malloc(16);
	if (p == NULL)
		return;
	p[0] = 0;
}
"""

with tempfile.TemporaryDirectory() as tmp:
    # --- (a) killed part way, then resumed ----------------------------
    # The cross-file project of cache-test.py (helpers.c's contracts
    # concern methods.c and module.c: they are analyzed again in a later
    # round), a file that stands alone, and waits.c, whose function
    # spins.
    proj = os.path.join(tmp, "xfile")
    shutil.copytree(os.path.join(HERE, "xfile"), proj)
    shutil.copytree(os.path.join(HERE, "..", "include"),
                    os.path.join(tmp, "inc"))
    open(os.path.join(proj, "alone.c"), "w").write(ALONE % "x")
    open(os.path.join(proj, "waits.c"), "w").write(
        '#include "pending.h"\n\nint waits(void)\n{\n\treturn PENDING;\n}\n')
    db = os.path.join(proj, "compile_commands.json")
    text = open(db).read().replace("-I../../include", "-I../inc")
    extra = "".join(
        ',\n  {\n    "directory": ".",\n    "file": "%s",\n'
        '    "arguments": ["cc", "-I../inc", "-c", "%s"]\n  }' % (f, f)
        for f in ("alone.c", "waits.c"))
    open(db, "w").write(text[:text.rindex("}") + 1] + extra + "\n]\n")
    pending = os.path.join(proj, "pending.h")
    open(pending, "w").write("#define PENDING 0\n")
    cache = os.path.join(tmp, "cache")
    args = ["--cache-dir", cache, "-j", "2", "-p", proj]

    # --progress prints a line as each file is done (after its entry is
    # written): the other worker finishes every file but waits.c, whose
    # function spins (with no time limit), and the run cannot end.
    killed = subprocess.Popen([BIN, "--progress", "--max-file-time", "0",
                               *args],
                              stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True,
                              env=dict(os.environ,
                                       MOJO_OWNLINT_TEST_SPIN="waits"))
    progress = []
    for line in killed.stderr:
        progress.append(line)
        if "progress: 4/5 files" in line:
            break
    still_running = killed.poll() is None
    killed.send_signal(signal.SIGKILL)
    killed.wait()
    killed.stderr.close()
    check(still_running and progress and
          "progress: 4/5 files" in progress[-1],
          "the run ended before it was killed: " + "".join(progress))
    done = entries(cache)
    check(len(done) == 4, f"{len(done)} entries after the kill, not 4")
    check(all(is_complete(e) for e in done), "a half-written entry")
    check(not temporaries(cache), "temporary files after the kill")

    rc_ref, out_ref, err_ref = run(["--no-cache", "-j", "2", "-p", proj])
    check(rc_ref == 1 and "MOJO-OWN-101" in out_ref,
          f"uninterrupted run: {rc_ref} {err_ref}")
    rc1, out1, err1 = run(args)
    check(out1 == out_ref, "the resumed run's report differs:\n" + out1 +
          "\n--- uninterrupted:\n" + out_ref)
    check(rc1 == rc_ref, f"resumed run exit status {rc1}")
    check("damaged" not in err1, "resumed run: " + err1)
    # alone.c is served from its entry; the three cross-file files were
    # read from theirs too, then analyzed again with the whole run's
    # contracts, as the uninterrupted run analyzed them again.
    check(summary_count(err1, "unchanged (from the cache)") == 1,
          "resumed run: " + err1)
    # The end of the resumed run rewrote those three and wrote waits.c's:
    # nothing is parsed any more.
    rc2, out2, err2 = run(args)
    check(out2 == out_ref and rc2 == rc_ref, "second rerun differs")
    check(summary_count(err2, "unchanged (from the cache)") == 5,
          "second rerun: " + err2)

    # --- (b) bounded, least recently used first -------------------------
    small = os.path.join(tmp, "small")
    os.mkdir(small)
    lru = os.path.join(tmp, "lru")
    names = ("a", "b", "c")
    for n in names:
        open(os.path.join(small, n + ".c"), "w").write(ALONE % n)
    entry_of = {}
    for n in names:
        before = set(entries(lru))
        rc, out, err = run(["--cache-dir", lru, "--no-config",
                            "--no-default-includes", n + ".c"], cwd=small)
        new = set(entries(lru)) - before
        check(rc == 1 and len(new) == 1, f"{n}.c alone: {rc} {new} {err}")
        entry_of[n] = new.pop() if new else ""
    if all(entry_of.values()):
        # Used long ago, a before b before c.
        for age, n in enumerate(names):
            os.utime(entry_of[n], (1000 + 1000 * age, 1000 + 1000 * age))
        # Temporary files: a killed run's (stale), one being written
        # (young), and a file that is no entry.
        stale = os.path.join(lru, "0123456789abcdef.facts.tmp.1.2")
        young = os.path.join(lru, "fedcba9876543210.facts.tmp.1.2")
        other = os.path.join(lru, "README")
        for f in (stale, young, other):
            open(f, "w").write("x" * 100000)
        os.utime(stale, (1000, 1000))
        os.utime(other, (1000, 1000))
        cap = (os.path.getsize(entry_of["a"]) +
               os.path.getsize(entry_of["c"]))
        # A run of a.c alone: a hit (a is now the most recently used),
        # then the pruning removes b, the least recently used.
        rc, out, err = run(["--cache-dir", lru, "--no-config",
                            "--no-default-includes", "--cache-max-size",
                            str(cap), "a.c"], cwd=small)
        check(rc == 1 and "1 unchanged (from the cache)" in err,
              "a.c from the cache: " + err)
        kept = set(entries(lru))
        check(kept == {entry_of["a"], entry_of["c"]},
              f"kept {sorted(kept)}, want a's and c's {entry_of}")
        check(total_size(lru) <= cap, f"{total_size(lru)} > cap {cap}")
        check(not os.path.exists(stale), "a stale temporary file is kept")
        check(os.path.exists(young), "a young temporary file was removed")
        check(os.path.exists(other), "a file that is no entry was removed")

    # A cap under one entry's size, with a suffix: every run ends within
    # it, and the report is the one of a run without a cap.
    for size, cap in (("1K", 1024), ("0K", 0)):
        rc, out, err = run(["--cache-max-size", size, *args])
        check(out == out_ref and rc == rc_ref,
              f"--cache-max-size {size} changed the report")
        check(total_size(cache) <= cap or cap == 0,
              f"--cache-max-size {size}: {total_size(cache)} bytes")
    # 0 is no cap: that last run kept its five files' entries and the
    # whole-program check's.
    check(len(entries(cache)) == 6, f"no cap: {len(entries(cache))} entries")
    # The configuration's cache-max-size, and the command line over it.
    conf = os.path.join(tmp, "cap.yaml")
    open(conf, "w").write("cache-max-size: 2K\n")
    rc, out, err = run(["--config", conf, *args])
    check(out == out_ref and total_size(cache) <= 2048,
          f"cache-max-size: 2K: {total_size(cache)} bytes")
    run(["--config", conf, "--cache-max-size", "1G", *args])
    check(len(entries(cache)) == 6,
          "--cache-max-size over the configuration's")

    # --- (c) a bad size is a usage error ------------------------------
    for bad in ("12X", "-5", "1.5G", "1 G", "", "G",
                "99999999999999999999", "16777216T"):
        rc, out, err = run(["--cache-max-size", bad, *args])
        check(rc == 2 and "invalid value" in err and
              "--cache-max-size" in err,
              f"--cache-max-size '{bad}': {rc} {err}")
    open(conf, "w").write("cache-max-size: lots\n")
    rc, out, err = run(["--config", conf, *args])
    check(rc == 2 and "cap.yaml:1:17: 'cache-max-size' must be a size" in err,
          f"cache-max-size: lots: {rc} {err}")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok")
