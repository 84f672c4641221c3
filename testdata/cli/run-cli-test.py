#!/usr/bin/env python3
"""run-cli-test.py -- one command-line test of mojo-ownlint (python3 stdlib).

Runs the binary once with the given arguments and checks its exit status
and output. Large or binary inputs are generated at test time into a fresh
temporary directory (never committed); `{tmp}` in an argument is replaced
by that directory, `{cwd}` by the directory the tool runs in.

    run-cli-test.py --bin BIN [checks] [--gen KIND]... -- ARGS...

checks:
  --rc N[,N...]          allowed exit statuses (default 0)
  --stdout-has S         stdout contains S (repeatable); --stderr-has S
  --stdout-lacks S       stdout does not contain S; --stderr-lacks S
  --stdout-re R          stdout matches regex R (re.M); --stderr-re R
  --lines-re R N         stdout has exactly N lines matching R
  --file-has F S         file F (after `{tmp}` expansion) contains S
  --no-temp-left D       directory D holds no "*.tmp.*" file afterwards
  --same-jobs N          run a second time with `-j N` added in front
                         (the first run gets `-j 1`): stdout must be equal
  --env K=V              set an environment variable for the tool
  --pre CMD              a shell command run in {tmp} before the tool
  --check CMD            a shell command run in {tmp} afterwards; it must
                         exit 0 (repeatable); the tool's stdout, byte for
                         byte, is in the file tool-stdout there
  --stdin-null           the tool's stdin is /dev/null (default: inherited)
  --cwd DIR              run the tool in DIR (after `{tmp}` expansion)
  --require PROG         exit 77 (meson: SKIP) when PROG is not on PATH
  --timeout SECONDS      a hang detector, not a speed test (default 600)

generators (--gen): big-func (20,000-line function, big.c), deep-nest
(300 nested blocks, deep.c), binary (NUL bytes, binary.c), empty-dir
(a directory with no sources, empty/), leak (one MOJO-OWN-101, leak.c),
parens (791 nested parentheses, parens.c), nots (10,000 chained `!`,
nots.c), sum (a 100,000-term sum, sum.c), nots-1m (1,000,000 chained `!`,
nots1m.c: deep enough to overflow any parser stack), bomb and bomb2 (a
macro bomb of 8^10 tokens, bomb.c and bomb2.c).

--memory-cap MB bounds the tool's address space (RLIMIT_AS), so that a
regression in the tool's own limits cannot take the machine down; it is
left off for a build with AddressSanitizer, which reserves terabytes of
address space up front.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile


def gen_big_func(tmp):
    lines = ["void *malloc(unsigned long);", "void free(void *);", "",
             "int big_function(int x)", "{", "\tint acc = 0;"]
    for i in range(20000):
        if i % 1000 == 0:
            lines.append("\tif (x == %d) {" % i)
            lines.append("\t\tvoid *p = malloc(%d);" % (i + 1))
            lines.append("\t\tfree(p);")
            lines.append("\t}")
        else:
            lines.append("\tacc += x * %d;" % i)
    lines += ["\treturn acc;", "}", ""]
    with open(os.path.join(tmp, "big.c"), "w") as f:
        f.write("\n".join(lines))


def gen_deep_nest(tmp):
    depth = 300
    out = ["void *malloc(unsigned long);", "void free(void *);", "",
           "int deep_function(int x)", "{", "\tvoid *p = malloc(1);",
           "\tif (!p)", "\t\treturn -1;"]
    for i in range(depth):
        out.append("\t" * min(i + 1, 8) + "if (x > %d) {" % i)
    out.append("\t\tx--;")
    for i in reversed(range(depth)):
        out.append("\t" * min(i + 1, 8) + "}")
    out += ["\tfree(p);", "\treturn x;", "}", ""]
    with open(os.path.join(tmp, "deep.c"), "w") as f:
        f.write("\n".join(out))


def gen_binary(tmp):
    with open(os.path.join(tmp, "binary.c"), "wb") as f:
        f.write(b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)) * 8)


def gen_empty_dir(tmp):
    d = os.path.join(tmp, "empty")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "README.txt"), "w") as f:
        f.write("no sources here\n")


def gen_leak(tmp):
    with open(os.path.join(tmp, "leak.c"), "w") as f:
        f.write("void *malloc(unsigned long);\n"
                "void leak_function(void)\n{\n"
                "\tvoid *p = malloc(3);\n}\n")


def gen_bomb(name):
    # A macro bomb: 8^10 tokens, more memory and time than any limit a
    # test sets (and than a machine has), growing steadily.
    def gen(tmp):
        lines = ["#define A0 x x x x x x x x"]
        for i in range(1, 10):
            lines.append("#define A%d %s" % (i, " ".join(["A%d" % (i - 1)] * 8)))
        lines.append("int bomb[] = { A9 };")
        with open(os.path.join(tmp, name), "w") as f:
            f.write("\n".join(lines) + "\n")
    return gen


def gen_expr(name, text):
    def gen(tmp):
        with open(os.path.join(tmp, name), "w") as f:
            f.write("int deep_expr(int x)\n{\n\treturn " + text +
                    ";\n}\n")
    return gen


GENERATORS = {
    "bomb": gen_bomb("bomb.c"),
    "bomb2": gen_bomb("bomb2.c"),
    "leak": gen_leak,
    "parens": gen_expr("parens.c", "(" * 791 + "x" + ")" * 791),
    "nots": gen_expr("nots.c", "!" * 10000 + "x"),
    "sum": gen_expr("sum.c", "+".join(["x"] * 100000)),
    "nots-1m": gen_expr("nots1m.c", "!" * 1000000 + "x"),
    "big-func": gen_big_func,
    "deep-nest": gen_deep_nest,
    "binary": gen_binary,
    "empty-dir": gen_empty_dir,
}


def sanitized(binary):
    try:
        out = subprocess.run(["ldd", binary], capture_output=True,
                             text=True).stdout
    except OSError:
        return False
    return "libasan" in out


MEMORY_CAP = None


def cap_memory():
    import resource
    limit = MEMORY_CAP << 20
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def run(binary, args, timeout, env=None, stdin=None, cwd=None):
    p = subprocess.run([os.path.abspath(binary)] + args,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=timeout, env=env, stdin=stdin, cwd=cwd,
                       preexec_fn=cap_memory if MEMORY_CAP else None)
    return (p.returncode, p.stdout.decode("utf-8", "replace"),
            p.stderr.decode("utf-8", "replace"), p.stdout)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--rc", default="0")
    ap.add_argument("--stdout-has", action="append", default=[])
    ap.add_argument("--stderr-has", action="append", default=[])
    ap.add_argument("--stdout-lacks", action="append", default=[])
    ap.add_argument("--stderr-lacks", action="append", default=[])
    ap.add_argument("--stdout-re", action="append", default=[])
    ap.add_argument("--stderr-re", action="append", default=[])
    ap.add_argument("--lines-re", nargs=2, action="append", default=[])
    ap.add_argument("--file-has", nargs=2, action="append", default=[])
    ap.add_argument("--no-temp-left", action="append", default=[])
    ap.add_argument("--same-jobs", type=int)
    ap.add_argument("--gen", action="append", default=[])
    ap.add_argument("--env", action="append", default=[])
    ap.add_argument("--pre", action="append", default=[])
    ap.add_argument("--check", action="append", default=[])
    ap.add_argument("--stdin-null", action="store_true")
    ap.add_argument("--cwd")
    ap.add_argument("--require", action="append", default=[])
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--memory-cap", type=int)
    ap.add_argument("args", nargs=argparse.REMAINDER)
    o = ap.parse_args()
    args = o.args[1:] if o.args[:1] == ["--"] else o.args

    global MEMORY_CAP
    if o.memory_cap and not sanitized(o.bin):
        MEMORY_CAP = o.memory_cap
    for prog in o.require:
        if not shutil.which(prog):
            print("SKIP: %s is not installed" % prog)
            return 77
    failures = []
    with tempfile.TemporaryDirectory(prefix="ownlint-cli-") as tmp:
        def expand(s):
            return s.replace("{tmp}", tmp).replace("{cwd}", os.getcwd())

        for g in o.gen:
            GENERATORS[g](tmp)
        args = [expand(a) for a in args]
        env = dict(os.environ)
        for kv in o.env:
            k, v = expand(kv).split("=", 1)
            env[k] = v
        stdin = subprocess.DEVNULL if o.stdin_null else None
        cwd = expand(o.cwd) if o.cwd else None
        for cmd in o.pre:
            subprocess.run(["sh", "-c", expand(cmd)], cwd=tmp, check=True,
                           env=env)
        try:
            if o.same_jobs:
                rc, out, err, raw = run(o.bin, ["-j", "1"] + args,
                                        o.timeout, env, stdin, cwd)
                rc2, out2, err2, _ = run(o.bin, ["-j", str(o.same_jobs)] + args,
                                      o.timeout, env, stdin, cwd)
                if (rc2, out2) != (rc, out):
                    failures.append("-j %d output differs from -j 1:\n"
                                    "--- -j 1 (rc %d)\n%s--- -j %d (rc %d)\n%s"
                                    % (o.same_jobs, rc, out, o.same_jobs,
                                       rc2, out2))
            else:
                rc, out, err, raw = run(o.bin, args, o.timeout, env, stdin,
                                        cwd)
        except subprocess.TimeoutExpired:
            print("FAIL: timed out after %gs: %s" % (o.timeout, args))
            return 1

        allowed = [int(x) for x in o.rc.split(",")]
        if rc not in allowed:
            failures.append("exit status %d, expected %s" % (rc, o.rc))
        for s in o.stdout_has:
            if expand(s) not in out:
                failures.append("stdout lacks %r" % expand(s))
        for s in o.stderr_has:
            if expand(s) not in err:
                failures.append("stderr lacks %r" % expand(s))
        for s in o.stdout_lacks:
            if expand(s) in out:
                failures.append("stdout contains %r" % expand(s))
        for s in o.stderr_lacks:
            if expand(s) in err:
                failures.append("stderr contains %r" % expand(s))
        for r in o.stdout_re:
            if not re.search(r, out, re.M):
                failures.append("stdout does not match /%s/" % r)
        for r in o.stderr_re:
            if not re.search(r, err, re.M):
                failures.append("stderr does not match /%s/" % r)
        for r, n in o.lines_re:
            got = len([l for l in out.splitlines() if re.search(r, l)])
            if got != int(n):
                failures.append("%d stdout lines match /%s/, expected %s"
                                % (got, r, n))
        for path, s in o.file_has:
            path = expand(path)
            try:
                with open(path, encoding="utf-8", errors="replace") as f:
                    text = f.read()
                if s not in text:
                    failures.append("%s lacks %r" % (path, s))
            except OSError as e:
                failures.append("cannot read %s: %s" % (path, e))
        if o.check:
            with open(os.path.join(tmp, "tool-stdout"), "wb") as f:
                f.write(raw)
        for cmd in o.check:
            c = subprocess.run(["sh", "-c", expand(cmd)], cwd=tmp,
                               stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT)
            if c.returncode != 0:
                failures.append("check failed: %s\n%s" % (
                    expand(cmd), c.stdout.decode("utf-8", "replace")))
        for d in o.no_temp_left:
            d = expand(d)
            left = [n for n in os.listdir(d) if ".tmp." in n]
            if left:
                failures.append("temporary files left in %s: %s" % (d, left))

    print("$ %s %s" % (o.bin, " ".join(args)))
    print("exit status %d" % rc)
    print("--- stdout\n%s--- stderr\n%s---" % (out, err))
    if failures:
        for f in failures:
            print("FAIL: " + f)
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
