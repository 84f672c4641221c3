#!/usr/bin/env python3
"""run-toolkit-test.py -- which CUDA headers mojo-ownlint and the build use.

    run-toolkit-test.py --bin MOJO_OWNLINT --probe ci/find-cuda-toolkit.py

Makes a fake toolkit (FAKE/include/cuda_runtime.h) in a temporary folder
and checks, whatever is installed on the machine:
  - CUDA_HOME=/nonexistent: no toolkit; the tool's own declarations answer
    <cuda_runtime.h> (toolkit-decls.c/.cu parse only with them), even when
    /usr/local/cuda exists; the build's probe prints nothing;
  - CUDA_HOME=FAKE (or CUDA_PATH=FAKE): that toolkit (toolkit-fake.c parses
    only with it); the probe prints FAKE/include;
  - --no-cuda-toolkit with CUDA_HOME=FAKE: the tool's declarations again.
Runs from testdata/cuda-host. Prints one line per check; exit 1 on failure.
"""
import argparse
import os
import subprocess
import sys
import tempfile

FAKE_HEADER = """#define OWNLINT_FAKE_TOOLKIT 1
int fake_toolkit_call(void);
"""


def run(cmd, env):
    p = subprocess.run(cmd, env=env, capture_output=True, text=True,
                       timeout=120)
    return p.returncode, p.stdout, p.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--probe", required=True)
    o = ap.parse_args()
    failures = 0

    def check(name, ok, detail=""):
        nonlocal failures
        print(("ok   " if ok else "FAIL ") + name)
        if not ok:
            failures += 1
            print(detail)

    base = {k: v for k, v in os.environ.items()
            if k not in ("CUDA_HOME", "CUDA_PATH")}
    with tempfile.TemporaryDirectory() as tmp:
        fake = os.path.join(tmp, "fake-cuda")
        os.makedirs(os.path.join(fake, "include"))
        with open(os.path.join(fake, "include", "cuda_runtime.h"), "w") as f:
            f.write(FAKE_HEADER)

        none = dict(base, CUDA_HOME="/nonexistent")
        for src in ("toolkit-decls.c", "toolkit-decls.cu"):
            rc, out, err = run([o.bin, "--exit-zero", src], none)
            check("CUDA_HOME=/nonexistent: own declarations for " + src,
                  rc == 0 and "parse-error" not in err, err)
        rc, out, err = run([sys.executable, o.probe], none)
        check("CUDA_HOME=/nonexistent: build probe finds nothing",
              rc == 0 and out.strip() == "", out + err)

        for var in ("CUDA_HOME", "CUDA_PATH"):
            env = dict(base, **{var: fake})
            rc, out, err = run([o.bin, "--exit-zero", "toolkit-fake.c"], env)
            check(var + "=FAKE: the tool uses that toolkit",
                  rc == 0 and "parse-error" not in err, err)
            rc, out, err = run([sys.executable, o.probe], env)
            check(var + "=FAKE: build probe finds it",
                  out.strip() == os.path.join(fake, "include"), out + err)

        env = dict(base, CUDA_HOME=fake)
        for src in ("toolkit-decls.c", "toolkit-decls.cu"):
            rc, out, err = run([o.bin, "--exit-zero", "--no-cuda-toolkit",
                                src], env)
            check("--no-cuda-toolkit: own declarations for " + src,
                  rc == 0 and "parse-error" not in err, err)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
