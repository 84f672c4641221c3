#!/usr/bin/env python3
"""find-numpy-include.py -- prints the folder of NumPy's C headers (the one
holding numpy/arrayobject.h), or nothing when NumPy is not installed.

Tries this interpreter's numpy, then Debian's python3 (python3-numpy),
then the folders Debian installs them in."""
import glob
import os
import subprocess
import sys


def ok(d):
    return d and os.path.isfile(os.path.join(d, "numpy", "arrayobject.h"))


def main():
    try:
        import numpy
        d = numpy.get_include()
        if ok(d):
            return d
    except Exception:
        pass
    for py in ("/usr/bin/python3",):
        if os.path.exists(py) and os.path.realpath(py) != os.path.realpath(sys.executable):
            r = subprocess.run([py, "-c", "import numpy; print(numpy.get_include())"],
                               capture_output=True, text=True)
            d = r.stdout.strip()
            if r.returncode == 0 and ok(d):
                return d
    for d in sorted(glob.glob("/usr/lib/python3/dist-packages/numpy/*/include")) + \
            sorted(glob.glob("/usr/lib/python3/dist-packages/numpy/core/include")):
        if ok(d):
            return d
    return ""


print(main())
