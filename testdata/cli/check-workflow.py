#!/usr/bin/env python3
"""check-workflow.py -- the GitHub code-scanning workflow as shipped
(.github/workflows/mojo-ownlint.yml) works on this repository (issue 15).

    check-workflow.py --root REPO_ROOT --validate PYTHON VALIDATE_SARIF

First the file's shape (docs/integration.md): it parses as YAML, runs on push and
pull_request, the job has `security-events: write`, and the upload step
uses github/codeql-action/upload-sarif@v4 on the file the Analyze step
writes. Then, on a fresh copy of this repository (repo_copy.py), every
`run:` step is run verbatim, in order, with the workflow's `env:`, by bash
-e as GitHub does; the one exception is the step that installs packages
with sudo apt-get, whose packages must already be installed (dpkg-query).
The Analyze step must exit 0, write the SARIF file, which must validate,
hold only relative URIs (%SRCROOT%) and name no file as failed.

Needs PyYAML (Debian python3-yaml); exits 77 (meson: SKIP) without it.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

from repo_copy import copy_repo
from workflow_check import Needs, load_workflow, report

WORKFLOW = os.path.join(".github", "workflows", "mojo-ownlint.yml")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", required=True)
    ap.add_argument("--validate", nargs=2, required=True)
    args = ap.parse_args()
    wf = load_workflow(args.root, WORKFLOW)
    if wf is None:
        return 77
    errs = need = Needs()

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
    up = [s for s in steps
          if s.get("uses") == "github/codeql-action/upload-sarif@v4"]
    need(len(up) == 1, "no github/codeql-action/upload-sarif@v4 step")
    sarif = up[0].get("with", {}).get("sarif_file") if up else None
    need(sarif, "the upload step names no sarif_file")
    if errs:
        return report(WORKFLOW, errs)

    tmp = tempfile.mkdtemp(prefix="ownlint-workflow-")
    try:
        repo = os.path.join(tmp, "repo")
        os.mkdir(repo)
        copy_repo(os.path.abspath(args.root), repo)
        env = dict(os.environ)
        env.update({k: str(v) for k, v in (wf.get("env") or {}).items()})
        env["CI"] = "true"
        for s in steps:
            if "run" not in s:
                continue
            name = s.get("name", s["run"].split("\n")[0])
            if "apt-get install" in s["run"]:
                words = s["run"].replace("\\\n", " ").split()
                pkgs = [w for w in words[words.index("install") + 1:]
                        if not w.startswith("-")]
                missing = [p for p in pkgs if subprocess.run(
                    ["dpkg-query", "-W", "-f=${Status}", p],
                    capture_output=True, text=True).stdout
                    != "install ok installed"]
                print("step %r: not run (sudo); packages missing here: %s"
                      % (name, missing or "none"))
                continue
            step_env = dict(env)
            step_env.update({k: str(v) for k, v in
                             (s.get("env") or {}).items()})
            p = subprocess.run(["bash", "-e", "-c", s["run"]], cwd=repo,
                               env=step_env, capture_output=True, text=True,
                               timeout=900)
            print("step %r: exit %d" % (name, p.returncode))
            print(p.stdout[-3000:], end="")
            print(p.stderr[-3000:], end="")
            need(p.returncode == 0, "step %r exited %d" % (name,
                                                          p.returncode))
            if p.returncode != 0:
                return report(WORKFLOW, errs)
        out = os.path.join(repo, sarif)
        need(os.path.exists(out), "no %s was written" % sarif)
        if os.path.exists(out):
            v = subprocess.run([args.validate[0], args.validate[1], out],
                               capture_output=True, text=True)
            print(v.stdout, end="")
            need(v.returncode == 0, "the SARIF does not validate:\n" +
                 v.stdout + v.stderr)
            with open(out) as f:
                run = json.load(f)["runs"][0]
            uris = {r["locations"][0]["physicalLocation"][
                "artifactLocation"]["uri"] for r in run["results"]}
            need(all(not u.startswith("file:") for u in uris),
                 "absolute URIs in the report: %s" % sorted(uris))
            notes = run["invocations"][0].get("toolExecutionNotifications",
                                              [])
            bad = [n["message"]["text"] for n in notes
                   if n.get("level") == "error"]
            need(not bad, "files not analyzed: %s" % bad)
            print("%d results, %d notifications" % (len(run["results"]),
                                                   len(notes)))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return report(WORKFLOW, errs)


if __name__ == "__main__":
    sys.exit(main())
