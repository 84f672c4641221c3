"""workflow_check.py -- what the workflow tests (check-workflow.py,
check-shards-workflow.py) share: reading a workflow file, collecting what
it lacks, and the verdict line they print.
"""

import os


def load_workflow(root, path):
    """The workflow at `root`/`path` as parsed YAML, or None (after a SKIP
    line) when PyYAML is not installed."""
    try:
        import yaml
    except ImportError:
        print("SKIP: PyYAML is not available (Debian: python3-yaml)")
        return None
    with open(os.path.join(root, path)) as f:
        return yaml.safe_load(f)


class Needs(list):
    """What a workflow lacks: `need(cond, what)` records `what` unless
    `cond` holds."""

    def __call__(self, cond, what):
        if not cond:
            self.append(what)


def report(workflow, errs):
    """Prints the failures (or that `workflow` runs as shipped); the exit
    status."""
    for e in errs:
        print("FAIL: %s: %s" % (workflow, e))
    if not errs:
        print("ok: %s runs as shipped" % workflow)
    return 1 if errs else 0
