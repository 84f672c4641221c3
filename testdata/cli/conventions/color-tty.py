#!/usr/bin/env python3
"""color-tty.py BIN FILE -- --color=auto on a terminal (issue 29): with
stdout a terminal (a pseudo-terminal here) the text report is coloured
(GCC's "warning:" in bold magenta); with NO_COLOR set and not empty it is
not; --color=never neither. FILE has at least one warning."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                ".."))
from pty_run import run_on_pty  # noqa: E402

BIN, FILE = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
WARNING = "\x1b[01;35m\x1b[Kwarning:"


def on_tty(env_extra, *args):
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    env.update(env_extra)
    return run_on_pty([BIN, "--no-cache", "-q", *args, FILE], "stdout",
                      env=env)[1]


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
