"""repo_copy.py -- a throwaway copy of this repository, as a fresh clone
would have it, for the tests that run what the repository ships (the
GitHub workflow, the pre-commit hook, bear + `-p . .`).

The copy holds the files git tracks plus the new files it would track
(`git ls-files --cached --others --exclude-standard`), so uncommitted work
is tested too; it is a git repository of its own with one commit.
"""

import os
import shutil
import subprocess

GIT = ["git", "-c", "user.name=ownlint-test",
       "-c", "user.email=ownlint-test@example.invalid",
       "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"]


def git(cwd, *args, env=None):
    return subprocess.run(GIT + list(args), cwd=cwd, env=env, check=True,
                          capture_output=True, text=True).stdout


def copy_repo(root, dest, env=None):
    """Copies the repository at `root` into `dest` (created) and commits
    it; returns the commit's hash."""
    files = subprocess.run(["git", "ls-files", "-z", "--cached", "--others",
                            "--exclude-standard"], cwd=root, check=True,
                           capture_output=True).stdout.split(b"\0")
    for f in files:
        if not f:
            continue
        rel = os.fsdecode(f)
        src = os.path.join(root, rel)
        if not os.path.lexists(src):
            continue  # deleted in the working tree
        dst = os.path.join(dest, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        if os.path.islink(src):
            os.symlink(os.readlink(src), dst)
        else:
            shutil.copy2(src, dst)
    git(dest, "init", "-q", env=env)
    git(dest, "add", "-A", env=env)
    git(dest, "commit", "-q", "-m", "copy", env=env)
    return git(dest, "rev-parse", "HEAD", env=env).strip()
