#!/usr/bin/env python3
"""shard-test.py BIN -- scale-out (issue #14, docs/scale.md): the shards
of a run, merged, print exactly what the unsharded run prints (text, JSON
and SARIF, byte for byte), on a project with cross-file contracts
(testdata/contracts/xfile) and an ownership graph spanning files
(testdata/graph/xfile: a cycle of two types, a teardown in another file);
a shard takes the same files whatever the order of the inputs; merge
refuses shards that do not fit together with exit status 4; --emit-ninja
runs end to end under ninja, and reruns what an edited header concerns."""
import os
import random
import shutil
import subprocess
import sys
import tempfile

BIN = os.path.abspath(sys.argv[1])
HERE = os.path.dirname(os.path.abspath(__file__))
failures = []
ANALYSIS = ["--no-default-includes", "contracts", "graph"]
EXTRA = ["--", "-Iinclude"]


def check(cond, what):
    if not cond:
        failures.append(what)


def run(args, cwd):
    r = subprocess.run([BIN, *args], capture_output=True, text=True, cwd=cwd)
    return r.returncode, r.stdout, r.stderr


def fnv1a(data):
    h = 1469598103934665603
    for b in data:
        h = ((h ^ b) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return h


def read_records(body):
    """The tokens of a facts body (base/serial.h)."""
    out, p = [], 0
    while p < len(body):
        if body[p:p + 1] == b"i":
            e = body.index(b"\n", p)
            out.append(int(body[p + 1:e]))
            p = e + 1
        elif body[p:p + 1] == b"s":
            c = body.index(b":", p)
            n = int(body[p + 1:c])
            out.append(body[c + 1:c + 1 + n])
            p = c + 1 + n + 1
        else:
            out.append(None)
            p += 2
    return out


def shard_paths(path):
    """The paths of the inputs a facts file holds."""
    data = open(path, "rb").read()
    body = data[data.index(b"\n") + 1:]
    r = read_records(body)
    nargs = r[3]
    rest = r[4 + nargs + 6:]  # after cwd, ninputs, digest, k, n, rounds
    count = rest[0]
    return sorted(rest[1 + 3 * i + 1].decode() for i in range(count))


def rewrite(path, old, new):
    """Replaces bytes in a facts body and fixes its checksum."""
    data = open(path, "rb").read()
    nl = data.index(b"\n")
    body = data[nl + 1:].replace(old, new, 1)
    head = b"mojo-ownlint-shard 1 %016x %d\n" % (fnv1a(body), len(body))
    open(path, "wb").write(head + body)


with tempfile.TemporaryDirectory() as tmp:
    proj = os.path.join(tmp, "proj")
    os.mkdir(proj)
    shutil.copytree(os.path.join(HERE, "..", "contracts", "xfile"),
                    os.path.join(proj, "contracts"))
    shutil.copytree(os.path.join(HERE, "..", "graph", "xfile"),
                    os.path.join(proj, "graph"))
    shutil.copytree(os.path.join(HERE, "..", "include"),
                    os.path.join(proj, "include"))
    for db in ("contracts", "graph"):
        os.remove(os.path.join(proj, db, "compile_commands.json"))

    for fmt in ("text", "json", "sarif"):
        local = ["--format", fmt, "--no-progress"]
        # the merge runs the command line of the shards' options, then its
        # own, then `--`: the reference run is written the same way, so
        # even SARIF's invocation is the same
        rc0, full, err0 = run(ANALYSIS + local + EXTRA, proj)
        check(rc0 == 1, f"{fmt}: unsharded exit status {rc0}: {err0}")
        check("6 findings" in err0, f"{fmt}: unsharded: {err0}")
        for n in (1, 2, 3, 5):
            facts = []
            for k in range(1, n + 1):
                f = os.path.join(tmp, f"{fmt}-{k}of{n}.facts")
                rc, out, err = run(["--no-cache", "--shard", f"{k}/{n}",
                                    "--facts-out", f] + ANALYSIS + EXTRA,
                                   proj)
                check(rc == 0 and out == "", f"shard {k}/{n}: {rc} {err}")
                facts.append(f)
            random.Random(n).shuffle(facts)
            rc, merged, err = run(["merge"] + local + facts, proj)
            check(rc == rc0, f"{fmt} {n} shards: exit status {rc}: {err}")
            check(f"merged from {n} shard" in err, f"{fmt} {n}: {err}")
            check(merged == full, f"{fmt}: {n} shards merged differ:\n"
                  + merged + "\n---\n" + full)

    # Merge rounds (docs/scale.md): each shard runs the next round of its
    # own files with every shard's facts; the final merge goes on from
    # there, and prints the same report.
    local = ["--format", "json", "--no-progress"]
    rc0, full, err0 = run(ANALYSIS + local + EXTRA, proj)
    step = [os.path.join(tmp, f"json-{k}of3.facts") for k in (1, 2, 3)]
    for rnd in (2, 3, 4):
        nxt = []
        for k in (1, 2, 3):
            f = os.path.join(tmp, f"round{rnd}-{k}.facts")
            rc, out, err = run(["merge", "--shard", f"{k}/3", "--facts-out",
                                f] + step, proj)
            want = f"facts of round {min(rnd, 3)} in"
            check(rc == 0 and want in err, f"merge round {rnd} shard {k}: "
                  f"{rc} {err}")
            nxt.append(f)
        step = nxt
        rc, merged, err = run(["merge"] + local + step, proj)
        check(rc == rc0 and merged == full,
              f"merged after round {rnd} differs: {rc} {err}")
        if rnd >= 3:  # rounds all done: the merge only joins
            check("(0 files analyzed again" in err, f"round {rnd}: {err}")

    # The same files per shard whatever the order of the inputs.
    f1 = os.path.join(tmp, "order1.facts")
    f2 = os.path.join(tmp, "order2.facts")
    run(["--no-cache", "--shard", "2/3", "--facts-out", f1] + ANALYSIS +
        EXTRA, proj)
    run(["--no-cache", "--shard", "2/3", "--facts-out", f2,
         "--no-default-includes", "graph/shape_type.c", "contracts",
         "graph/shape_ops.c"] + EXTRA, proj)
    check(shard_paths(f1) == shard_paths(f2) == ["contracts/methods.c",
                                                 "graph/shape_type.c"],
          f"shard 2/3 by order: {shard_paths(f1)} {shard_paths(f2)}")

    # Refusals: exit status 4 and a message naming what does not fit.
    s = [os.path.join(tmp, f"text-{k}of3.facts") for k in (1, 2, 3)]

    def refused(files, want, what, rc_want=4):
        rc, out, err = run(["merge"] + files, proj)
        check(rc == rc_want and want in err and out == "",
              f"{what}: exit status {rc}, stderr: {err}")

    refused(s[:2], "shard 3/3 is missing: merge needs all 3 shards",
            "missing")
    refused(s[:1], "shards 2/3, 3/3 are missing", "two missing")
    refused([s[0], s[0], s[1]], "shard 1/3 is given twice", "twice")
    other = os.path.join(tmp, "checks.facts")
    run(["--no-cache", "--shard", "3/3", "--facts-out", other,
         "--checks", "-MOJO-OWN-108"] + ANALYSIS + EXTRA, proj)
    refused(s[:2] + [other], "run with different options", "options")
    refused(s[:2] + [other], "--checks -MOJO-OWN-108", "options named")
    fiveway = os.path.join(tmp, "text-1of5.facts")
    refused(s[1:] + [fiveway], "split the run differently", "counts")
    old = os.path.join(tmp, "old.facts")
    shutil.copy(s[2], old)
    rewrite(old, b"s5:0.1.0\n", b"s5:0.0.9\n")
    refused(s[:2] + [old], "different versions of mojo-ownlint", "version")
    refused(s[:2] + [old], "0.0.9", "version named")
    build = os.path.join(tmp, "build.facts")
    data = open(s[2], "rb").read()
    body = data[data.index(b"\n") + 1:]
    b_build = body.split(b"\n")[1]  # i<build hash>
    shutil.copy(s[2], build)
    rewrite(build, b"\n" + b_build + b"\n", b"\ni12345\n")
    refused(s[:2] + [build], "different builds", "build")
    damaged = os.path.join(tmp, "damaged.facts")
    open(damaged, "wb").write(data[:-30])
    refused(s[:2] + [damaged], "damaged or truncated", "damaged")
    notfacts = os.path.join(tmp, "x.facts")
    open(notfacts, "w").write("hello\n")
    refused(s[:2] + [notfacts], "is not a shard's facts file", "foreign")
    refused(s[:2] + [os.path.join(tmp, "round2-3.facts")],
            "the shards hold different rounds of the analysis", "rounds")
    refused(s[:2] + [os.path.join(tmp, "none.facts")], "cannot read",
            "unreadable", rc_want=2)
    rc, out, err = run(["merge", "--checks", "x"] + s, proj)
    check(rc == 2 and "merge does not take '--checks'" in err,
          f"merge --checks: {rc} {err}")
    # the sources changed between the shards and the merge
    shutil.copy(os.path.join(proj, "graph", "shape_ops.c"),
                os.path.join(proj, "graph", "added.c"))
    refused(s, "the inputs are not those the shards analyzed", "inputs")
    os.remove(os.path.join(proj, "graph", "added.c"))
    rc, out, err = run(["merge"] + s, tmp)
    check(rc == 4 and "run the merge there" in err, f"cwd: {rc} {err}")

    # --emit-ninja: ninja runs the shards and the merge.
    if shutil.which("ninja"):
        nin = os.path.join(tmp, "nin")
        rc, out, err = run(["--format", "json", "--emit-ninja", nin] +
                           ANALYSIS + EXTRA, proj)
        check(rc == 0 and "5 files" in err, f"emit-ninja: {rc} {err}")
        r = subprocess.run(["ninja", "-C", nin], capture_output=True,
                           text=True)
        check(r.returncode == 0, "ninja: " + r.stdout + r.stderr)
        rc0, full, err0 = run(ANALYSIS + ["--format", "json"] + EXTRA, proj)
        got = open(os.path.join(nin, "report.json")).read()
        check(got == full, "ninja's report differs from the run's")
        r = subprocess.run(["ninja", "-C", nin], capture_output=True,
                           text=True)
        check("no work to do" in r.stdout, "ninja rerun: " + r.stdout)
        os.utime(os.path.join(proj, "graph", "shape.h"))
        r = subprocess.run(["ninja", "-C", nin], capture_output=True,
                           text=True)
        # the two files of graph/ include shape.h: two shards and the merge
        check("[3/3]" in r.stdout, "ninja after a header edit: " + r.stdout)

# Every file's facts read back (a file whose facts do not is analyzed
# again, silently in a merge, as "damaged" in the cache): the capsule
# cases hold the graph's capsule facts, which once did not.
with tempfile.TemporaryDirectory() as tmp:
    cases = os.path.join(HERE, "..", "capsule")
    n = len([f for f in os.listdir(cases) if f.endswith((".c", ".cpp"))])
    args = ["--cache-dir", tmp, "--no-default-includes", "--no-progress",
            cases, "--", "-I" + os.path.join(HERE, "..", "include")]
    run(args, HERE)
    rc, out, err = run(args, HERE)
    check(f"{n} unchanged (from the cache)" in err and "damaged" not in err,
          f"capsule facts do not read back: {err}")

if failures:
    print("FAIL:\n" + "\n".join(failures))
    sys.exit(1)
print("ok")
