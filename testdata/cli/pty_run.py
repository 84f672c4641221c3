"""pty_run.py -- a command run with one of its output streams on a
pseudo-terminal, as the tool sees a terminal; shared by the tests of what
it draws there (progress-tty.py, conventions/color-tty.py)."""
import os
import pty
import subprocess


def run_on_pty(cmd, stream, **popen):
    """Runs `cmd` with `stream` ("stdout" or "stderr") on a pseudo-terminal,
    the other stream and stdin on /dev/null (other Popen arguments as
    given); returns its exit status and what it wrote to the terminal."""
    master, slave = pty.openpty()
    other = "stderr" if stream == "stdout" else "stdout"
    popen.update({stream: slave, other: subprocess.DEVNULL,
                  "stdin": subprocess.DEVNULL})
    p = subprocess.Popen(cmd, **popen)
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
