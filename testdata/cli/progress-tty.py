#!/usr/bin/env python3
"""progress-tty.py BIN -- the progress line on a terminal (issue 14,
docs/scale.md): with stderr a terminal (a pseudo-terminal here) and no
option, the line is drawn in place ("\\r", erase to the end of the line),
shows files done/total, the findings so far and the current file, and is
erased before the summary; --no-progress and -q draw nothing; on a pipe
nothing unless --progress (the cli cases progress-*)."""
import os
import sys

from pty_run import run_on_pty

BIN = os.path.abspath(sys.argv[1])
HERE = os.path.dirname(os.path.abspath(__file__))
failures = []


def on_tty(*args):
    return run_on_pty([BIN, "--no-cache", "--no-default-includes", "-j",
                       "1", *args, "multi"], "stderr", cwd=HERE)


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
