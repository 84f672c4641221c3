#!/usr/bin/env python3
"""run-flow-test.py -- multi-step command-line tests of mojo-ownlint:
NOLINT suppressions as they reach the reports, and --baseline
(python3 stdlib; SARIF checked with sarif/validate_sarif.py).

    run-flow-test.py --bin BIN --validate PY VALIDATE_SARIF SCENARIO

scenarios:
  baseline       a SARIF report is a baseline: after a line is inserted
                 above the finding it stays hidden (its fingerprint has no
                 line number); a new finding is still reported; text, JSON
                 and SARIF all honour the baseline
  baseline-bad   a missing or non-SARIF baseline is a configuration error
  suppressed     NOLINT-suppressed findings are counted on stderr, left
                 out of text, JSON and SARIF, listed with
                 --include-suppressed (SARIF suppressions inSource with the
                 justification); bad comments are tool notifications

Every SARIF file produced is validated. Inputs are copied into a temporary
directory first, so the tests can edit them.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
NDI = "--no-default-includes"
STUBS = os.path.join(HERE, "..", "include")


class Fail(Exception):
    pass


def check(cond, what):
    if not cond:
        raise Fail(what)


class Runner:
    def __init__(self, args, tmp):
        self.bin = os.path.abspath(args.bin)
        self.py = args.validate[0]
        self.validator = args.validate[1]
        self.tmp = tmp

    def run(self, *argv, rc=(0,), cwd=None):
        cmd = [self.bin, NDI] + list(argv) + ["--", "-I" + STUBS]
        p = subprocess.run(cmd, cwd=cwd or self.tmp, capture_output=True,
                           text=True, timeout=600)
        print("$ " + " ".join(cmd[:1] + cmd[2:]))
        print(p.stdout, end="")
        print(p.stderr, end="", file=sys.stderr)
        check(p.returncode in rc,
              "exit status %d, expected %s" % (p.returncode, rc))
        return p

    def sarif(self, out, *argv, rc=(0, 1), cwd=None):
        p = self.run("--format", "sarif", "-o", out, *argv, rc=rc, cwd=cwd)
        out = os.path.join(cwd or self.tmp, out)
        v = subprocess.run([self.py, self.validator, out],
                           capture_output=True, text=True)
        print(v.stdout, end="")
        check(v.returncode == 0, "%s does not validate:\n%s%s"
              % (out, v.stdout, v.stderr))
        with open(out) as f:
            return p, json.load(f)


def results(log):
    return log["runs"][0]["results"]


def copy_case(tmp, name, dest="case.c"):
    shutil.copy(os.path.join(HERE, "suppress", name),
                os.path.join(tmp, dest))
    return dest


def scenario_baseline(r):
    case = copy_case(r.tmp, "baseline.c")
    _, base = r.sarif("base.sarif", case, rc=(1,))
    check(len(results(base)) == 1, "baseline run: expected 1 result")
    fp = results(base)[0]["partialFingerprints"]["mojoOwnlint/v2"]
    line = results(base)[0]["locations"][0]["physicalLocation"][
        "region"]["startLine"]

    # Insert a line above the finding: same finding, other line.
    path = os.path.join(r.tmp, case)
    with open(path) as f:
        text = f.read()
    with open(path, "w") as f:
        f.write("/* a comment added above everything */\n" + text)
    _, moved = r.sarif("moved.sarif", case, rc=(1,))
    m = results(moved)[0]
    check(m["locations"][0]["physicalLocation"]["region"]["startLine"]
          == line + 1, "the finding did not move down one line")
    check(m["partialFingerprints"]["mojoOwnlint/v2"] == fp,
          "the fingerprint changed when a line was inserted above")

    p = r.run("--baseline", "base.sarif", case, rc=(0,))
    check(p.stdout == "", "text: a baselined finding was printed")
    check("1 finding hidden by the baseline 'base.sarif'" in p.stderr,
          "no 'hidden by the baseline' count on stderr")
    _, log = r.sarif("after.sarif", "--baseline", "base.sarif", case,
                     rc=(0,))
    check(results(log) == [], "SARIF: a baselined finding was emitted")
    _, log = r.sarif("listed.sarif", "--baseline", "base.sarif",
                     "--include-suppressed", case, rc=(0,))
    sup = results(log)[0]["suppressions"]
    check(sup and sup[0]["kind"] == "external",
          "--include-suppressed: baselined result without an external "
          "suppression")
    p = r.run("--format", "json", "--baseline", "base.sarif", case)
    doc = json.loads(p.stdout)
    check(doc["findings"] == [] and doc["summary"]["baselined"] == 1,
          "JSON: the baseline was not applied")

    # A new finding is reported; the old one stays hidden.
    with open(path, "a") as f:
        f.write("\nvoid added_later(void)\n{\n\tchar *q = malloc(8);\n"
                "\tfree(q);\n\tfree(q);\n}\n")
    p = r.run("--baseline", "base.sarif", case, rc=(1,))
    check("released twice [MOJO-OWN-104]" in p.stdout,
          "the new finding was not reported")
    check("'buf'" not in p.stdout, "the old finding came back")
    _, log = r.sarif("new.sarif", "--baseline", "base.sarif", case,
                     rc=(1,))
    check([x["ruleId"] for x in results(log)] == ["MOJO-OWN-104"],
          "SARIF: expected only the new finding")


def scenario_baseline_bad(r):
    case = copy_case(r.tmp, "baseline.c")
    p = r.run("--baseline", "missing.sarif", case, rc=(2,))
    check("cannot read baseline 'missing.sarif'" in p.stderr,
          "no message for a missing baseline")
    with open(os.path.join(r.tmp, "notsarif.json"), "w") as f:
        f.write('{"version": 1}\n')
    p = r.run("--baseline", "notsarif.json", case, rc=(2,))
    check("is not a SARIF log" in p.stderr, "no message for a bad baseline")
    with open(os.path.join(r.tmp, "broken.sarif"), "w") as f:
        f.write('{"runs": [')
    p = r.run("--baseline", "broken.sarif", case, rc=(2,))
    check("broken.sarif:1:" in p.stderr and "is not valid JSON" in
          p.stderr, "no message with the line for broken JSON")
    check("json_tokener" not in p.stderr and "json-c" not in p.stderr,
          "json-c's internal message shown to the user")
    # Fingerprints of the wrong type are an error, not "0 fingerprints".
    with open(os.path.join(r.tmp, "badtype.sarif"), "w") as f:
        json.dump({"version": "2.1.0", "runs": [{"results": [
            {"ruleId": "MOJO-OWN-101",
             "partialFingerprints": {"mojoOwnlint/v2": 123}}]}]}, f)
    p = r.run("--baseline", "badtype.sarif", case, rc=(2,))
    check("runs[0].results[0]" in p.stderr and "16 hex digits" in p.stderr,
          "a wrong-typed fingerprint was accepted")
    with open(os.path.join(r.tmp, "other.sarif"), "w") as f:
        json.dump({"version": "2.1.0", "runs": [{"results": [
            {"ruleId": "x", "partialFingerprints": {"other/v1": "ab"}}]}]},
            f)
    p = r.run("--baseline", "other.sarif", case, rc=(2,))
    check("no mojo-ownlint fingerprint" in p.stderr,
          "a log of another tool was accepted silently")
    # A FIFO is refused at once, not waited on.
    os.mkfifo(os.path.join(r.tmp, "fifo.sarif"))
    p = r.run("--baseline", "fifo.sarif", case, rc=(2,))
    check("cannot read baseline 'fifo.sarif': not a regular file"
          in p.stderr, "a FIFO baseline was not refused")
    os.mkfifo(os.path.join(r.tmp, "compile_commands.json"))
    p = r.run("-p", ".", rc=(2,))
    check("not a regular file" in p.stderr, "a FIFO -p was not refused")


def scenario_suppressed(r):
    case = copy_case(r.tmp, "forms.c")
    p = r.run(case, rc=(1,))
    check("6 findings suppressed (NOLINT)" in p.stderr,
          "no suppressed count on stderr")
    check("(suppressed" not in p.stdout, "text: a suppressed finding shown")
    check("unknown check 'MOJO-OWN-999' in NOLINT" in p.stderr,
          "the unknown check in a NOLINT was not reported")
    shown = p.stdout.count("[MOJO-OWN-")
    check(shown == 5, "text: expected 5 findings, got %d" % shown)

    p = r.run("--include-suppressed", case, rc=(1,))
    check("(suppressed by NOLINT: freed twice on purpose)" in p.stdout,
          "text: suppressed finding not marked with its justification")

    _, log = r.sarif("default.sarif", case, rc=(1,))
    check(len(results(log)) == 5, "SARIF: expected 5 results by default")
    check(all("suppressions" not in x for x in results(log)),
          "SARIF: suppressions present without --include-suppressed")
    notes = log["runs"][0]["invocations"][0].get(
        "toolExecutionNotifications", [])
    check(any("MOJO-OWN-999" in n["message"]["text"] for n in notes),
          "SARIF: the bad NOLINT is not a tool notification")

    _, log = r.sarif("all.sarif", "--include-suppressed", case, rc=(1,))
    res = results(log)
    check(len(res) == 11, "SARIF: expected 11 results with "
          "--include-suppressed, got %d" % len(res))
    sup = [x for x in res if x["suppressions"]]
    check(len(sup) == 6, "SARIF: expected 6 suppressed results")
    check(all(x["suppressions"][0]["kind"] == "inSource" for x in sup),
          "SARIF: suppression kind is not inSource")
    check(any(x["suppressions"][0].get("justification")
              == "freed twice on purpose" for x in sup),
          "SARIF: the justification is missing")

    p = r.run("--format", "json", "--include-suppressed", case, rc=(1,))
    doc = json.loads(p.stdout)
    check(doc["summary"]["suppressed"] == 6, "JSON: suppressed count")
    check(sum(f["suppressed_by"] == "nolint" for f in doc["findings"]) == 6,
          "JSON: suppressed_by")


def uris(log):
    return sorted({x["locations"][0]["physicalLocation"]["artifactLocation"]
                   ["uri"] for x in results(log)})


def scenario_project_root(r):
    """SARIF URIs, fingerprints and baselines are relative to the project
    root (the git top level, or --project-root), never to the current
    directory (issue 15)."""
    proj = os.path.join(r.tmp, "proj")
    src, sub = os.path.join(proj, "src"), os.path.join(proj, "sub")
    for d in (src, sub, os.path.join(proj, ".git")):
        os.makedirs(d)
    shutil.copy(os.path.join(HERE, "suppress", "baseline.c"),
                os.path.join(src, "case.c"))
    _, base = r.sarif("base.sarif", "src", rc=(1,), cwd=proj)
    check(uris(base) == ["src/case.c"], "from the root: URIs %s"
          % uris(base))
    fp = results(base)[0]["partialFingerprints"]["mojoOwnlint/v2"]

    # From a subfolder: the same URI and fingerprint, and the baseline
    # given as ../base.sarif hides the finding.
    p = r.run("--baseline", "../base.sarif", "case.c", rc=(0,), cwd=src)
    check("1 finding hidden by the baseline" in p.stderr,
          "from src/, the baseline hid nothing")
    _, log = r.sarif("sub.sarif", "../src/case.c", rc=(1,), cwd=sub)
    check(uris(log) == ["src/case.c"], "from sub/, a file outside the "
          "current directory got URI %s" % uris(log))
    check(results(log)[0]["partialFingerprints"]["mojoOwnlint/v2"] == fp,
          "the fingerprint depends on the current directory")
    root = log["runs"][0]["originalUriBaseIds"]["%SRCROOT%"]["uri"]
    check(root.endswith("/proj/"), "%%SRCROOT%% is %s" % root)

    # Outside any work tree, --project-root says where the root is.
    os.rmdir(os.path.join(proj, ".git"))
    out = os.path.join(r.tmp, "outside")
    os.makedirs(out)
    _, log = r.sarif("o.sarif", "../proj/src/case.c", rc=(1,), cwd=out)
    check(uris(log)[0].startswith("file:///"), "no work tree and no "
          "--project-root: expected an absolute URI, got %s" % uris(log))
    _, log = r.sarif("o.sarif", "--project-root", "../proj",
                     "../proj/src/case.c", rc=(1,), cwd=out)
    check(uris(log) == ["src/case.c"], "--project-root: URIs %s"
          % uris(log))
    check(results(log)[0]["partialFingerprints"]["mojoOwnlint/v2"] == fp,
          "--project-root: the fingerprint differs")
    p = r.run("--project-root", "nowhere", "../proj/src/case.c", rc=(2,),
              cwd=out)
    check("project root 'nowhere' is not a directory" in p.stderr,
          "a bad --project-root was accepted")


def scenario_group(r):
    """A grouped finding keeps its fingerprint when the number of macro
    expansions or leaking exits changes (issue 16); an old baseline (v1
    fingerprints) is refused with a message."""
    src = os.path.join(HERE, "..", "group", "macro-expansions.c")
    with open(src) as f:
        text = f.read()
    path = os.path.join(r.tmp, "case.c")
    with open(path, "w") as f:
        f.write(text)
    _, five = r.sarif("five.sarif", "case.c", rc=(1,))
    check(len(results(five)) == 1, "5 expansions: expected 1 result")
    fp = results(five)[0]["partialFingerprints"]["mojoOwnlint/v2"]
    check(len(results(five)[0]["relatedLocations"]) == 6,
          "expected the acquisition and 5 expansions as related locations")
    with open(path, "w") as f:
        f.write(text.replace('\tADD_INT(m, "FIVE", 1005);',
                             '\tADD_INT(m, "FIVE", 1005);\n'
                             '\tADD_INT(m, "SIX", 1006);\n'
                             '\tADD_INT(m, "SEVEN", 1007);'))
    _, seven = r.sarif("seven.sarif", "case.c", rc=(1,))
    check(results(seven)[0]["properties"]["groupSize"] == 7,
          "7 expansions: groupSize")
    check(results(seven)[0]["partialFingerprints"]["mojoOwnlint/v2"] == fp,
          "the fingerprint changed with the number of expansions")
    p = r.run("--baseline", "five.sarif", "case.c", rc=(0,))
    check("1 finding hidden by the baseline" in p.stderr,
          "the 5-expansion baseline does not hide the 7-expansion finding")
    with open(os.path.join(r.tmp, "old.sarif"), "w") as f:
        json.dump({"version": "2.1.0", "runs": [{"results": [
            {"ruleId": "MOJO-OWN-105", "partialFingerprints":
             {"mojoOwnlint/v1": "0123456789abcdef"}}]}]}, f)
    p = r.run("--baseline", "old.sarif", "case.c", rc=(2,))
    check("written by an older mojo-ownlint" in p.stderr,
          "a v1 baseline was not refused with a message")


SCENARIOS = {
    "group": scenario_group,
    "project-root": scenario_project_root,
    "baseline": scenario_baseline,
    "baseline-bad": scenario_baseline_bad,
    "suppressed": scenario_suppressed,
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--validate", nargs=2, required=True,
                    metavar=("PYTHON", "VALIDATE_SARIF"))
    ap.add_argument("scenario", choices=sorted(SCENARIOS))
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="ownlint-flow-")
    try:
        SCENARIOS[args.scenario](Runner(args, tmp))
    except Fail as e:
        print("FAIL: %s" % e, file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("ok: %s" % args.scenario)
    return 0


if __name__ == "__main__":
    sys.exit(main())
