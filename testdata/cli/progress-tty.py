#!/usr/bin/env python3
"""progress-tty.py BIN -- the progress line on a terminal (issue 14,
docs/scale.md): with stderr a terminal (a pseudo-terminal here) and no
option, the line is drawn in place ("\\r", erase to the end of the line),
shows files done/total, the findings so far and the current file, and is
erased before the summary; --no-progress and -q draw nothing; on a pipe
nothing unless --progress (the cli cases progress-*)."""
import os
import pty
import subprocess
import sys

BIN = os.path.abspath(sys.argv[1])
HERE = os.path.dirname(os.path.abspath(__file__))
failures = []


def on_tty(*args):
    master, slave = pty.openpty()
    p = subprocess.Popen([BIN, "--no-cache", "--no-default-includes", "-j",
                          "1", *args, "multi"], cwd=HERE, stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=slave)
    os.close(slave)
    out = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    p.wait()
    os.close(master)
    return p.returncode, out.decode(errors="replace")


rc, err = on_tty()
if not ("\r" in err and "\x1b[K" in err and "[5/5] " in err
        and "findings  multi/" in err):
    failures.append("no progress line on a terminal: %r" % err)
summary = err.rsplit("\r\x1b[K", 1)[-1]
if not summary.startswith("mojo-ownlint: 5 files analyzed"):
    failures.append("the line is not erased before the summary: %r" % err)
for opt in ("--no-progress", "-q"):
    rc, err = on_tty(opt)
    if "\x1b[K" in err or "[5/5]" in err:
        failures.append("%s still draws: %r" % (opt, err))
if failures:
    print("FAIL:\n" + "\n".join(failures))
    sys.exit(1)
print("ok")
