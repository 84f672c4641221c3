#!/usr/bin/env python3
"""check-shards-workflow.py -- the sharded GitHub Actions example
(examples/ci/mojo-ownlint-shards.yml, docs/scale.md) works on this
repository (issue 14).

    check-shards-workflow.py --root REPO_ROOT --bin BIN --validate PYTHON VALIDATE_SARIF

First its shape: a build job handing the tool on as an artifact; shard,
round2 and round3 jobs, each a matrix of SHARDS entries needing the one
before and uploading each shard's facts; a merge job that needs them and
uploads one SARIF with github/codeql-action/upload-sarif@v4
(security-events: write). Then, on a fresh copy of this repository, every
job in order (a matrix job once per `${{ matrix.shard }}` = 1..SHARDS):
downloads and uploads through a local artifact store, as the actions
would, and the `run:` steps verbatim, by bash -e (the build job is not
run: BIN stands for its artifact; steps with sudo apt-get are not run,
their packages must be installed). The SARIF must validate, and its
results must be those of an unsharded run of the same options.

Needs PyYAML (Debian python3-yaml); exits 77 (meson: SKIP) without it.
"""

import argparse
import fnmatch
import json
import os
import shutil
import subprocess
import sys
import tempfile

from repo_copy import copy_repo
from workflow_check import Needs, load_workflow, report

WORKFLOW = os.path.join("examples", "ci", "mojo-ownlint-shards.yml")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", required=True)
    ap.add_argument("--bin", required=True)
    ap.add_argument("--validate", nargs=2, required=True)
    args = ap.parse_args()
    wf = load_workflow(args.root, WORKFLOW)
    if wf is None:
        return 77
    errs = need = Needs()

    env = {k: str(v) for k, v in (wf.get("env") or {}).items()}
    jobs = wf.get("jobs", {})
    order = ["build", "shard", "round2", "round3", "merge"]
    need(list(jobs) == order, "expected the jobs %s: %s" % (order,
                                                           list(jobs)))
    if errs:
        return report(WORKFLOW, errs)
    shards = list(range(1, int(env.get("SHARDS", 0)) + 1))
    for prev, job in zip(order, order[1:]):
        need(jobs[job].get("needs") == prev, "%s does not need %s" % (
            job, prev))
        if job != "merge":
            m = jobs[job]["strategy"]["matrix"]["shard"]
            need(m == shards, "%s's matrix %s is not 1..SHARDS" % (job, m))
    uses = lambda job: [s.get("uses", "") for s in jobs[job]["steps"]]
    need("actions/upload-artifact@v4" in uses("build"),
         "the build job uploads no tool")
    for job in ("shard", "round2", "round3"):
        need("actions/upload-artifact@v4" in uses(job),
             "the %s job uploads no facts" % job)
    need("github/codeql-action/upload-sarif@v4" in uses("merge"),
         "the merge job uploads no SARIF")
    need(jobs["merge"].get("permissions", {}).get("security-events")
         == "write", "the merge job lacks 'security-events: write'")
    up = [s for s in jobs["merge"]["steps"]
          if s.get("uses") == "github/codeql-action/upload-sarif@v4"]
    sarif = up[0].get("with", {}).get("sarif_file") if up else None
    if errs:
        return report(WORKFLOW, errs)

    tmp = tempfile.mkdtemp(prefix="ownlint-shards-workflow-")
    try:
        repo = os.path.join(tmp, "repo")
        os.mkdir(repo)
        copy_repo(os.path.abspath(args.root), repo)
        base = dict(os.environ)
        base.update(env)
        base["CI"] = "true"
        # The artifact store: name -> files (the build job's is BIN).
        store = {"mojo-ownlint-tool": [(args.bin, "mojo-ownlint")]}

        def sub(text, shard):
            return str(text).replace("${{ matrix.shard }}", str(shard))

        def run_job(job, shard):
            """The job's steps on the shared checkout: downloads copy from
            the store, run: steps run verbatim, uploads go to the store."""
            for s in jobs[job]["steps"]:
                w = s.get("with") or {}
                if s.get("uses") == "actions/download-artifact@v4":
                    dst = os.path.join(repo, w["path"])
                    shutil.rmtree(dst, ignore_errors=True)
                    os.makedirs(dst)
                    pat = w.get("pattern", w.get("name"))
                    for name, files in store.items():
                        if fnmatch.fnmatch(name, pat):
                            for src, base_name in files:
                                shutil.copy(src, os.path.join(dst, base_name))
                    continue
                if s.get("uses") == "actions/upload-artifact@v4":
                    src = os.path.join(repo, sub(w["path"], shard))
                    keep = os.path.join(tmp, "store", sub(w["name"], shard))
                    os.makedirs(keep, exist_ok=True)
                    shutil.copy(src, keep)
                    os.remove(src)
                    store[sub(w["name"], shard)] = [(os.path.join(
                        keep, os.path.basename(src)), os.path.basename(src))]
                    continue
                if "run" not in s or "apt-get install" in s["run"]:
                    continue
                step_env = dict(base)
                for k, v in (s.get("env") or {}).items():
                    step_env[k] = sub(v, shard)
                p = subprocess.run(["bash", "-e", "-c", s["run"]], cwd=repo,
                                   env=step_env, capture_output=True,
                                   text=True, timeout=900)
                name = s.get("name", s["run"].split("\n")[0])
                print("%s %s step %r: exit %d" % (job, shard, name,
                                                  p.returncode))
                print(p.stderr[-2000:], end="")
                need(p.returncode == 0, "%s step %r exited %d" % (
                    job, name, p.returncode))
                if p.returncode:
                    return False
            return True

        for job in ("shard", "round2", "round3"):
            for k in shards:
                if not run_job(job, k):
                    return report(WORKFLOW, errs)
        if not run_job("merge", ""):
            return report(WORKFLOW, errs)
        out = os.path.join(repo, sarif)
        need(os.path.exists(out), "no %s was written" % sarif)
        if not os.path.exists(out):
            return report(WORKFLOW, errs)
        v = subprocess.run([args.validate[0], args.validate[1], out],
                           capture_output=True, text=True)
        need(v.returncode == 0, "the SARIF does not validate:\n" +
             v.stdout + v.stderr)
        whole = subprocess.run(
            ["tool/mojo-ownlint", *env["OWNLINT_ARGS"].split(), "--format",
             "sarif", "--no-cache", "-o", "whole.sarif"], cwd=repo,
            capture_output=True, text=True)
        with open(out) as f:
            merged = json.load(f)["runs"][0]
        with open(os.path.join(repo, "whole.sarif")) as f:
            alone = json.load(f)["runs"][0]
        need(merged["results"] == alone["results"],
             "the merged results differ from an unsharded run's")
        need(whole.returncode in (0, 1), "unsharded run: %d %s" % (
            whole.returncode, whole.stderr))
        print("%d results, as the unsharded run" % len(merged["results"]))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return report(WORKFLOW, errs)


if __name__ == "__main__":
    sys.exit(main())
