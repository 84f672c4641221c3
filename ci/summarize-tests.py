#!/usr/bin/env python3
"""Summarize a meson testlog.json as one line: "N passed, N failed[, N skipped]".

meson writes build/meson-logs/testlog.json, one JSON object per test with
"name" and "result" (OK, EXPECTEDFAIL, SKIP, FAIL, ERROR, TIMEOUT,
UNEXPECTEDPASS, INTERRUPT). EXPECTEDFAIL counts as passed; UNEXPECTEDPASS,
FAIL, ERROR, TIMEOUT, INTERRUPT and anything unknown count as failed.

The summary is always the last line printed (on stdout); failing tests are
listed on stderr before it. Exit status: 0 if at least one test passed and
none failed, else 1 (also when the log is missing or no test ran).

usage: summarize-tests.py [--meson-rc N] TESTLOG.json
  --meson-rc N  exit status of "meson test"; non-zero with no failed test in
                the log (e.g. the rebuild failed) counts as one failure
"""
import json
import sys

PASSED = {"OK", "EXPECTEDFAIL"}
SKIPPED = {"SKIP"}


def summarize(lines):
    passed, failed, skipped, bad = 0, [], 0, 0
    for lineno, line in enumerate(lines, 1):
        line = line.strip()
        if not line:
            continue
        try:
            rec = json.loads(line)
            result = str(rec["result"]).upper()
            name = str(rec.get("name", "?"))
        except (ValueError, KeyError, TypeError):
            bad += 1
            print(f"summarize-tests: line {lineno}: not a test record, ignored",
                  file=sys.stderr)
            continue
        if result in PASSED:
            passed += 1
        elif result in SKIPPED:
            skipped += 1
        else:
            failed.append((name, result))
    return passed, failed, skipped


def main(argv):
    meson_rc = 0
    args = argv[1:]
    if len(args) >= 2 and args[0] == "--meson-rc":
        try:
            meson_rc = int(args[1])
        except ValueError:
            meson_rc = 1
        args = args[2:]
    if len(args) != 1:
        print("usage: summarize-tests.py [--meson-rc N] TESTLOG.json",
              file=sys.stderr)
        print("0 passed, 0 failed")
        return 1
    try:
        with open(args[0], encoding="utf-8", errors="replace") as f:
            passed, failed, skipped = summarize(f)
    except OSError as e:
        print(f"summarize-tests: cannot read {args[0]}: {e.strerror}; "
              "no test ran", file=sys.stderr)
        passed, failed, skipped = 0, [], 0
    extra = 0
    if meson_rc != 0 and not failed:
        print(f"summarize-tests: 'meson test' exited with {meson_rc} although "
              "no test failed in the log; counting it as a failure",
              file=sys.stderr)
        extra = 1
    for name, result in failed:
        print(f"summarize-tests: {result}: {name}", file=sys.stderr)
    if passed + len(failed) == 0:
        print("summarize-tests: no test ran", file=sys.stderr)
    sys.stderr.flush()
    line = f"{passed} passed, {len(failed) + extra} failed"
    if skipped:
        line += f", {skipped} skipped"
    print(line, flush=True)
    return 0 if passed > 0 and not failed and not extra else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
