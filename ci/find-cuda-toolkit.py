#!/usr/bin/env python3
"""find-cuda-toolkit.py -- print the include folder of the CUDA toolkit the
build's 'real-cuda' test suite may use, or nothing when there is none.

The same rule as the tool's own probe (analyzer/frontend/tu.c): the toolkit
is $CUDA_HOME, else $CUDA_PATH, else /usr/local/cuda. A variable that is set
decides even when it names no toolkit, so CUDA_HOME=/nonexistent hides an
installed one (CI has no toolkit; this machine may). The folder counts when
it holds include/cuda_runtime.h. Always exits 0.
"""
import os
import sys


def toolkit_include(environ):
    for var in ("CUDA_HOME", "CUDA_PATH"):
        root = environ.get(var, "")
        if root:
            break
    else:
        root = "/usr/local/cuda"
    inc = os.path.join(root, "include")
    return inc if os.path.isfile(os.path.join(inc, "cuda_runtime.h")) else ""


if __name__ == "__main__":
    found = toolkit_include(os.environ)
    if found:
        print(found)
    sys.exit(0)
