#!/usr/bin/env python3
"""run-pre-commit-test.py -- the pre-commit hook of .pre-commit-hooks.yaml,
run for real with `pre-commit try-repo`, offline (ECOSYSTEM.md §3.4).

    run-pre-commit-test.py --bin BUILT_MOJO_OWNLINT --root REPO_ROOT

Builds, in a temporary directory:
  hooks/   a git repo holding a copy of the repo root's .pre-commit-hooks.yaml
           (committed: try-repo reads the hook repo from git, and the file
           may not be committed in the working tree under test yet)
  target/  a git repo with one C file, staged
and puts the built mojo-ownlint first on PATH (the hook is
`language: system`). With a buggy file the hook must fail (try-repo exits 1)
and print the finding with its [MOJO-OWN-...] ID; with a clean file it must
pass (exit 0). PRE_COMMIT_HOME points into the temporary directory, so the
user's cache is not touched.

Exits 77 (meson: SKIP) only when the `pre-commit` program cannot be found;
ci/setup installs it (Debian package pre-commit).
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

BUGGY = """#include <stdlib.h>

void twice(void)
{
\tchar *p = malloc(4);
\tfree(p);
\tfree(p);
}
"""

CLEAN = """#include <stdlib.h>

void once(void)
{
\tchar *p = malloc(4);
\tfree(p);
}
"""


def git(cwd, *args, env):
    subprocess.run(["git", "-c", "user.name=ownlint-test",
                    "-c", "user.email=ownlint-test@example.invalid",
                    "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"]
                   + list(args), cwd=cwd, env=env, check=True,
                   capture_output=True)


def try_repo(pre_commit, hooks, target, env):
    cmd = [pre_commit, "try-repo", hooks, "mojo-ownlint", "--all-files",
           "--verbose"]
    p = subprocess.run(cmd, cwd=target, env=env, capture_output=True,
                       text=True, timeout=300)
    print("$ " + " ".join(cmd) + "   (exit %d)" % p.returncode)
    print(p.stdout, end="")
    print(p.stderr, end="", file=sys.stderr)
    return p


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--root", required=True)
    args = ap.parse_args()

    pre_commit = shutil.which("pre-commit")
    if not pre_commit:
        print("SKIP: the 'pre-commit' program was not found on PATH "
              "(Debian: apt-get install -y pre-commit; ci/setup installs it)")
        return 77
    if not shutil.which("git"):
        print("FAIL: git is needed by pre-commit and was not found")
        return 1

    tmp = tempfile.mkdtemp(prefix="ownlint-pre-commit-")
    try:
        bindir = os.path.join(tmp, "bin")
        hooks = os.path.join(tmp, "hooks")
        target = os.path.join(tmp, "target")
        for d in (bindir, hooks, target):
            os.mkdir(d)
        os.symlink(os.path.abspath(args.bin),
                   os.path.join(bindir, "mojo-ownlint"))
        env = dict(os.environ)
        env["PATH"] = bindir + os.pathsep + env.get("PATH", "")
        env["PRE_COMMIT_HOME"] = os.path.join(tmp, "pre-commit-home")
        env["HOME"] = tmp             # no user git or pre-commit config
        env["GIT_CONFIG_NOSYSTEM"] = "1"
        env.pop("PRE_COMMIT", None)

        shutil.copy(os.path.join(args.root, ".pre-commit-hooks.yaml"), hooks)
        git(hooks, "init", "-q", env=env)
        git(hooks, "add", ".pre-commit-hooks.yaml", env=env)
        git(hooks, "commit", "-q", "-m", "hooks", env=env)

        git(target, "init", "-q", env=env)
        with open(os.path.join(target, "ext.c"), "w") as f:
            f.write(BUGGY)
        with open(os.path.join(target, "README.md"), "w") as f:
            f.write("not C: the hook must not receive this file\n")
        git(target, "add", "ext.c", "README.md", env=env)

        failures = []
        p = try_repo(pre_commit, hooks, target, env)
        out = p.stdout + p.stderr
        if p.returncode != 1:
            failures.append("buggy file: try-repo exited %d, expected 1"
                            % p.returncode)
        if "ext.c:7:2: error:" not in out or "[MOJO-OWN-104]" not in out:
            failures.append("buggy file: the finding "
                            "'ext.c:7:2: error: ... [MOJO-OWN-104]' "
                            "was not printed")
        if "README.md" in out and "not analyzed" in out:
            failures.append("the hook was given a non-C file")

        with open(os.path.join(target, "ext.c"), "w") as f:
            f.write(CLEAN)
        git(target, "add", "ext.c", env=env)
        p = try_repo(pre_commit, hooks, target, env)
        if p.returncode != 0:
            failures.append("clean file: try-repo exited %d, expected 0"
                            % p.returncode)
        if "Passed" not in p.stdout:
            failures.append("clean file: the hook did not report Passed")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    for f in failures:
        print("FAIL: " + f)
    if not failures:
        print("ok: pre-commit try-repo fails on a finding and passes on "
              "clean code")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
