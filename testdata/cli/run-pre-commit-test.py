#!/usr/bin/env python3
"""run-pre-commit-test.py -- the pre-commit hook as shipped and as
docs/integration.md tells users to set it up, run for real and offline
(issue 15).

    run-pre-commit-test.py --bin BUILT_MOJO_OWNLINT --root REPO_ROOT

In a temporary directory:
  hooks/   a fresh copy of this repository, one commit (repo_copy.py):
           what a user's pre-commit clones from GitHub
  inst/    `meson install --destdir` of the built tool: the way the docs
           put mojo-ownlint on PATH (the hook is `language: system`)
  target/  a git repository with a leaky .c file, a leaky .cpp file and a
           README, and the .pre-commit-config.yaml block of
           docs/integration.md with the repository URL pointed at hooks/
Then, as the docs say: `pre-commit autoupdate --bleeding-edge` must pin
`rev` to hooks/'s commit; `pre-commit run --all-files` must fail and print
the finding of both the C and the C++ file; `pre-commit try-repo` must
pass on clean files. PRE_COMMIT_HOME and HOME point into the temporary
directory, so the user's cache and configuration are not touched.

Exits 77 (meson: SKIP) only when `pre-commit` cannot be found; ci/setup
installs it (Debian package pre-commit).
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

from repo_copy import copy_repo, git

URL = "https://github.com/mojo-ownlint/mojo-ownlint"

BUGGY_C = """#include <stdlib.h>

void twice(void)
{
\tchar *p = malloc(4);
\tfree(p);
\tfree(p);
}
"""

BUGGY_CXX = """#include <stdlib.h>

namespace ext {
int leak_on_error(int n)
{
\tchar *p = static_cast<char *>(malloc(8));
\tif (!p)
\t\treturn -1;
\tif (n < 0)
\t\treturn -1;
\tfree(p);
\treturn 0;
}
}
"""

CLEAN = """#include <stdlib.h>

void once(void)
{
\tchar *p = (char *)malloc(4);
\tfree(p);
}
"""


def run(cmd, cwd, env):
    p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True,
                       text=True, timeout=900)
    print("$ " + " ".join(cmd) + "   (exit %d)" % p.returncode)
    print(p.stdout, end="")
    print(p.stderr, end="", file=sys.stderr)
    return p


def docs_config(root):
    """The .pre-commit-config.yaml block of docs/integration.md."""
    with open(os.path.join(root, "docs", "integration.md")) as f:
        text = f.read()
    m = re.search(r"<!-- pre-commit-config:[^>]*-->\s*```yaml\n(.*?)```",
                  text, re.S)
    if not m:
        raise SystemExit("FAIL: docs/integration.md has no marked "
                         ".pre-commit-config.yaml block")
    return m.group(1)


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
    failures = []
    try:
        hooks = os.path.join(tmp, "hooks")
        target = os.path.join(tmp, "target")
        inst = os.path.join(tmp, "inst")
        for d in (hooks, target):
            os.mkdir(d)
        env = dict(os.environ)
        env["PRE_COMMIT_HOME"] = os.path.join(tmp, "pre-commit-home")
        env["HOME"] = tmp             # no user git or pre-commit config
        env["GIT_CONFIG_NOSYSTEM"] = "1"
        env.pop("PRE_COMMIT", None)
        sha = copy_repo(os.path.abspath(args.root), hooks, env=env)

        # On PATH the way docs/integration.md says: meson install.
        build = os.path.dirname(os.path.dirname(os.path.abspath(args.bin)))
        p = run(["meson", "install", "-C", build, "--no-rebuild", "--quiet",
                 "--destdir", inst], tmp, env)
        exe = [os.path.join(d, f) for d, _, fs in os.walk(inst) for f in fs
               if f == "mojo-ownlint"]
        if p.returncode != 0 or not exe:
            print("FAIL: meson install did not install mojo-ownlint")
            return 1
        env["PATH"] = os.path.dirname(exe[0]) + os.pathsep + env["PATH"]

        git(target, "init", "-q", env=env)
        files = {"ext.c": BUGGY_C, "ext.cpp": BUGGY_CXX,
                 "README.md": "not C: the hook must not receive this\n",
                 ".pre-commit-config.yaml":
                     docs_config(args.root).replace(URL, hooks)}
        for name, text in files.items():
            with open(os.path.join(target, name), "w") as f:
                f.write(text)
        git(target, "add", *files, env=env)

        p = run([pre_commit, "autoupdate", "--bleeding-edge", "--repo",
                 hooks], target, env)
        with open(os.path.join(target, ".pre-commit-config.yaml")) as f:
            pinned = f.read()
        if p.returncode != 0 or ("rev: " + sha) not in pinned:
            failures.append("autoupdate --bleeding-edge did not pin rev to "
                            "%s:\n%s" % (sha, pinned))
        git(target, "add", ".pre-commit-config.yaml", env=env)

        p = run([pre_commit, "run", "--all-files", "--verbose"], target, env)
        out = p.stdout + p.stderr
        if p.returncode != 1:
            failures.append("buggy files: pre-commit run exited %d, "
                            "expected 1" % p.returncode)
        if "ext.c:7:2: error:" not in out or "[MOJO-OWN-104]" not in out:
            failures.append("the C file's finding 'ext.c:7:2: error: ... "
                            "[MOJO-OWN-104]' was not printed")
        if "ext.cpp:10:3: warning:" not in out or "[MOJO-OWN-105]" not in out:
            failures.append("the C++ file's finding 'ext.cpp:10:3: "
                            "warning: ... [MOJO-OWN-105]' was not printed "
                            "(is c++ in types_or?)")
        if "README.md" in out:
            failures.append("the hook was given a non-C file")

        for name in ("ext.c", "ext.cpp"):
            with open(os.path.join(target, name), "w") as f:
                f.write(CLEAN)
        git(target, "add", "ext.c", "ext.cpp", env=env)
        p = run([pre_commit, "try-repo", hooks, "mojo-ownlint",
                 "--all-files", "--verbose"], target, env)
        if p.returncode != 0 or "Passed" not in p.stdout:
            failures.append("clean files: try-repo exited %d, expected 0 "
                            "and Passed" % p.returncode)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    for f in failures:
        print("FAIL: " + f)
    if not failures:
        print("ok: the documented pre-commit setup pins rev, fails on C and "
              "C++ findings and passes on clean code")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
