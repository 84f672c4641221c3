#!/usr/bin/env python3
"""check-workflow.py -- the example GitHub code-scanning workflow
(.github/workflows/mojo-ownlint.yml) is well-formed and does what
ECOSYSTEM.md §6 says, and its "Analyze" command works with the built tool.

    check-workflow.py --root REPO_ROOT --bin BUILT_MOJO_OWNLINT \
                      --validate PYTHON VALIDATE_SARIF

Checks: the file parses as YAML; it triggers on push and pull_request; the
job has `security-events: write`; it builds with meson from apt packages;
the Analyze step asks for SARIF into mojo-ownlint.sarif with --exit-zero;
the upload step uses github/codeql-action/upload-sarif@v4 on that file.
Then runs the Analyze step's command with the built tool over a folder of
test inputs and validates the SARIF it writes (sarif/validate_sarif.py).

Needs PyYAML (Debian python3-yaml); exits 77 (meson: SKIP) without it.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

WORKFLOW = os.path.join(".github", "workflows", "mojo-ownlint.yml")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", required=True)
    ap.add_argument("--bin", required=True)
    ap.add_argument("--validate", nargs=2, required=True)
    args = ap.parse_args()
    try:
        import yaml
    except ImportError:
        print("SKIP: PyYAML is not available (Debian: python3-yaml)")
        return 77

    path = os.path.join(args.root, WORKFLOW)
    with open(path) as f:
        wf = yaml.safe_load(f)
    errs = []

    def need(cond, what):
        if not cond:
            errs.append(what)

    need(isinstance(wf, dict), "not a YAML mapping")
    # PyYAML reads the key `on` as the boolean True (YAML 1.1).
    on = wf.get("on", wf.get(True, {})) or {}
    need("push" in on and "pull_request" in on,
         "does not run on push and pull_request")
    jobs = wf.get("jobs", {})
    need(len(jobs) == 1, "expected one job")
    job = next(iter(jobs.values()))
    need(job.get("permissions", {}).get("security-events") == "write",
         "the job lacks 'security-events: write'")
    steps = job.get("steps", [])
    runs = {s.get("name", ""): s.get("run", "") for s in steps}
    uses = [s for s in steps if "uses" in s]
    need(any(s["uses"].startswith("actions/checkout@") for s in uses),
         "no checkout step")
    deps = " ".join(r for n, r in runs.items() if "apt-get" in r)
    for pkg in ("meson", "ninja-build", "libclang-dev", "libjson-c-dev"):
        need(pkg in deps.split(), "package %s is not installed" % pkg)
    build = " ".join(r for r in runs.values() if "meson setup" in r)
    need("-Dtests=disabled" in build and "meson compile" in build,
         "no meson build step")
    analyze = runs.get("Analyze", "")
    for word in ("--format sarif", "-o mojo-ownlint.sarif", "--exit-zero"):
        need(word in " ".join(analyze.split()),
             "the Analyze step lacks '%s'" % word)
    up = [s for s in uses
          if s["uses"] == "github/codeql-action/upload-sarif@v4"]
    need(len(up) == 1, "no github/codeql-action/upload-sarif@v4 step")
    if up:
        need(up[0].get("with", {}).get("sarif_file") == "mojo-ownlint.sarif",
             "the upload step does not upload mojo-ownlint.sarif")
    env = wf.get("env", {})
    need(env.get("OWNLINT") == "./build/analyzer/mojo-ownlint",
         "OWNLINT is not where meson puts the binary")

    # The Analyze command itself, with the built tool and test inputs.
    if analyze and not errs:
        tmp = tempfile.mkdtemp(prefix="ownlint-workflow-")
        try:
            inputs = os.path.join(os.path.abspath(args.root), "testdata", "cli",
                                  "suppress")
            e = dict(os.environ, OWNLINT=os.path.abspath(args.bin),
                     OWNLINT_PATHS=inputs)
            p = subprocess.run(["bash", "-ec", analyze], cwd=tmp, env=e,
                               capture_output=True, text=True, timeout=300)
            print("$ " + analyze.strip() + "   (exit %d)" % p.returncode)
            print(p.stderr, end="")
            need(p.returncode == 0, "the Analyze command exited %d "
                 "(--exit-zero should give 0)" % p.returncode)
            out = os.path.join(tmp, "mojo-ownlint.sarif")
            need(os.path.exists(out), "the Analyze command wrote no "
                 "mojo-ownlint.sarif")
            if os.path.exists(out):
                v = subprocess.run([args.validate[0], args.validate[1], out],
                                   capture_output=True, text=True)
                print(v.stdout, end="")
                need(v.returncode == 0, "its SARIF does not validate:\n"
                     + v.stdout + v.stderr)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)

    for e in errs:
        print("FAIL: %s: %s" % (WORKFLOW, e))
    if not errs:
        print("ok: %s" % WORKFLOW)
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main())
