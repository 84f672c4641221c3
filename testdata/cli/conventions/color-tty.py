#!/usr/bin/env python3
"""color-tty.py BIN FILE -- --color=auto on a terminal (issue 29): with
stdout a terminal (a pseudo-terminal here) the text report is coloured
(GCC's "warning:" in bold magenta); with NO_COLOR set and not empty it is
not; --color=never neither. FILE has at least one warning."""
import os
import pty
import subprocess
import sys

BIN, FILE = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
WARNING = "\x1b[01;35m\x1b[Kwarning:"


def on_tty(env_extra, *args):
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    env.update(env_extra)
    master, slave = pty.openpty()
    p = subprocess.Popen([BIN, "--no-cache", "-q", *args, FILE],
                         stdin=subprocess.DEVNULL, stdout=slave,
                         stderr=subprocess.DEVNULL, env=env)
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
    return out.decode(errors="replace")


failures = []
if WARNING not in on_tty({}):
    failures.append("no colour on a terminal with --color=auto")
if "\x1b[" in on_tty({"NO_COLOR": "1"}):
    failures.append("colour on a terminal although NO_COLOR=1")
if WARNING not in on_tty({"NO_COLOR": ""}):
    failures.append("an empty NO_COLOR turned colour off")
if "\x1b[" in on_tty({}, "--color=never"):
    failures.append("colour on a terminal with --color=never")
if failures:
    print("FAIL:\n" + "\n".join(failures))
    sys.exit(1)
print("ok")
