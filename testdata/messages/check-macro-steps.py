#!/usr/bin/env python3
"""check-macro-steps.py BIN STUB_INCLUDE -- the steps of macro-steps.c that
come from a project macro's body name it in the JSON report's events and
in the SARIF report's thread flows alike, and the SARIF report still has
the shape GitHub reads (the schema itself is checked by sarif/'s tests).
Run from testdata/."""

import json
import subprocess
import sys

CASE = "messages/macro-steps.c"
WANT = [
    (20, "assuming '(PyList_Append(list, x)) < 0' is true "
         "(in expansion of macro 'CHECK')"),
    (29, "'y': new reference returned by 'PyLong_FromLong' "
         "(in expansion of macro 'NEW_INT')"),
]


def report(binary, inc, fmt):
    run = subprocess.run([binary, "--format", fmt, "--no-cache",
                          "--no-default-includes", CASE, "--", "-I" + inc],
                         capture_output=True, text=True, check=False)
    if run.returncode != 1:
        sys.exit(f"{fmt}: exit status {run.returncode}, not 1:\n{run.stderr}")
    return json.loads(run.stdout)


def main():
    binary, inc = sys.argv[1], sys.argv[2]
    steps = set()
    for f in report(binary, inc, "json")["findings"]:
        steps |= {(e["line"], e["message"]) for e in f["events"]}
    flows = set()
    for r in report(binary, inc, "sarif")["runs"][0]["results"]:
        for tf in r["codeFlows"][0]["threadFlows"]:
            for loc in tf["locations"]:
                region = loc["location"]["physicalLocation"]["region"]
                flows.add((region["startLine"],
                           loc["location"]["message"]["text"]))
    for want in WANT:
        for name, got in (("json", steps), ("sarif", flows)):
            if want not in got:
                sys.exit(f"{name}: no step {want!r} in {sorted(got)!r}")
    # CPython's own macro is not named (Py_RETURN_NONE).
    for name, got in (("json", steps), ("sarif", flows)):
        named = [m for _, m in got if "Py_RETURN_NONE" in m]
        if named:
            sys.exit(f"{name}: CPython's macro named: {named!r}")
    print("ok: the macro steps are named in JSON and SARIF")


if __name__ == "__main__":
    main()
