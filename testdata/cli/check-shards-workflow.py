#!/usr/bin/env python3
"""check-shards-workflow.py -- the sharded GitHub Actions example
(examples/ci/mojo-ownlint-shards.yml, docs/scale.md) works on this
repository (issue 14).

    check-shards-workflow.py --root REPO_ROOT --bin BIN --validate PYTHON VALIDATE_SARIF

First its shape: a build job handing the tool on as an artifact, a shard
job whose matrix has SHARDS entries and uploads each shard's facts, a
merge job that needs the shards, downloads their facts and uploads one
SARIF with github/codeql-action/upload-sarif@v4 (security-events: write).
Then, on a fresh copy of this repository, the `run:` steps of each shard
(with `${{ matrix.shard }}` = 1..SHARDS) and of the merge, verbatim, by
bash -e, with the artifacts copied as the actions would (the build job is
not run: BIN stands for its artifact; steps with sudo apt-get are not run,
their packages must be installed). The SARIF must validate, and its
results must be those of an unsharded run of the same options.

Needs PyYAML (Debian python3-yaml); exits 77 (meson: SKIP) without it.
"""

import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

from repo_copy import copy_repo

WORKFLOW = os.path.join("examples", "ci", "mojo-ownlint-shards.yml")


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
    with open(os.path.join(args.root, WORKFLOW)) as f:
        wf = yaml.safe_load(f)
    errs = []

    def need(cond, what):
        if not cond:
            errs.append(what)

    env = {k: str(v) for k, v in (wf.get("env") or {}).items()}
    jobs = wf.get("jobs", {})
    need(set(jobs) == {"build", "shard", "merge"},
         "expected the jobs build, shard, merge: %s" % sorted(jobs))
    if errs:
        return report(errs)
    shards = jobs["shard"]["strategy"]["matrix"]["shard"]
    need(shards == list(range(1, int(env.get("SHARDS", 0)) + 1)),
         "the matrix %s is not 1..SHARDS" % shards)
    need(jobs["shard"].get("needs") == "build", "shard does not need build")
    need(jobs["merge"].get("needs") == "shard", "merge does not need shard")
    uses = lambda job: [s.get("uses", "") for s in jobs[job]["steps"]]
    need("actions/upload-artifact@v4" in uses("build"),
         "the build job uploads no tool")
    need("actions/upload-artifact@v4" in uses("shard"),
         "the shard job uploads no facts")
    need(uses("merge").count("actions/download-artifact@v4") == 2,
         "the merge job downloads the tool and the facts")
    need("github/codeql-action/upload-sarif@v4" in uses("merge"),
         "the merge job uploads no SARIF")
    need(jobs["merge"].get("permissions", {}).get("security-events")
         == "write", "the merge job lacks 'security-events: write'")
    up = [s for s in jobs["merge"]["steps"]
          if s.get("uses") == "github/codeql-action/upload-sarif@v4"]
    sarif = up[0].get("with", {}).get("sarif_file") if up else None
    if errs:
        return report(errs)

    tmp = tempfile.mkdtemp(prefix="ownlint-shards-workflow-")
    try:
        repo = os.path.join(tmp, "repo")
        os.mkdir(repo)
        copy_repo(os.path.abspath(args.root), repo)
        base = dict(os.environ)
        base.update(env)
        base["CI"] = "true"

        def artifact(src, dst):
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.copy(src, dst)

        def run_steps(job, extra):
            for s in jobs[job]["steps"]:
                if "run" not in s:
                    continue
                if "apt-get install" in s["run"]:
                    continue
                step_env = dict(base)
                for k, v in (s.get("env") or {}).items():
                    step_env[k] = str(v).replace("${{ matrix.shard }}",
                                                 str(extra))
                p = subprocess.run(["bash", "-e", "-c", s["run"]], cwd=repo,
                                   env=step_env, capture_output=True,
                                   text=True, timeout=900)
                name = s.get("name", s["run"].split("\n")[0])
                print("%s %s step %r: exit %d" % (job, extra, name,
                                                  p.returncode))
                print(p.stderr[-2000:], end="")
                need(p.returncode == 0, "%s step %r exited %d" % (
                    job, name, p.returncode))
                if p.returncode:
                    return False
            return True

        # the build job's artifact
        artifact(args.bin, os.path.join(repo, "tool", "mojo-ownlint"))
        for k in shards:
            if not run_steps("shard", k):
                return report(errs)
            artifact(os.path.join(repo, "shard-%d.facts" % k),
                     os.path.join(tmp, "facts", "shard-%d.facts" % k))
            os.remove(os.path.join(repo, "shard-%d.facts" % k))
        for f in glob.glob(os.path.join(tmp, "facts", "*")):
            artifact(f, os.path.join(repo, "facts", os.path.basename(f)))
        if not run_steps("merge", ""):
            return report(errs)
        out = os.path.join(repo, sarif)
        need(os.path.exists(out), "no %s was written" % sarif)
        if not os.path.exists(out):
            return report(errs)
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
        need(len(merged["results"]) > 0 or whole.returncode == 0,
             "no results")
        print("%d results, as the unsharded run" % len(merged["results"]))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return report(errs)


def report(errs):
    for e in errs:
        print("FAIL: %s: %s" % (WORKFLOW, e))
    if not errs:
        print("ok: %s runs as shipped" % WORKFLOW)
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main())
