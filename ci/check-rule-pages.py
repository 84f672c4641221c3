#!/usr/bin/env python3
"""check-rule-pages.py -- one documentation page per check, whose examples
are test cases (python3 stdlib only).

    check-rule-pages.py --root ROOT [--write]
                        [--bin MOJO_OWNLINT --validate PYTHON VALIDATE_SARIF]

Checks, for every CHECK() row of analyzer/diag/checks.def:
  - rules/<ID>.md exists; its front matter (id, name, level, cwe,
    see-also) matches the row, see-also names other existing checks;
  - the page has the title "# <ID> <name>" and the sections, in order:
    Why it matters in bridge code, Bad example, Good example, How to fix,
    Options, Limitations;
  - the first ```c block under "Bad example" is byte-for-byte the file
    testdata/docs/<ID>-bad.c and expects the check (expect-warning[ID] for
    a warning, expect-error[ID] for an error); an xfail(#N) marker on it
    names the issue where that analysis is built (pyref rules #3; buffer,
    GIL, CUDA and borrow rules #4; 108/110 #5);
  - the first ```c block under "Good example" is testdata/docs/<ID>-good.c
    and carries "expect-no-diagnostics" and no other expectation;
  - rules/meson.build installs every page (for --explain after install)
    and every knowledge-base file rules/*.json;
  - testdata/docs/meson.build lists exactly these files as docs cases (the
    meson tests run each through `mojo-ownlint --verify`), and no other
    rules/*.md page or testdata/docs/*.c file exists.
With --bin: each page's bad example is followed by what
`mojo-ownlint example.c` prints for it (--write puts it there), `--explain
ID` prints the page and the tool's SARIF has every
rule's page in help.markdown (validated with VALIDATE_SARIF), both with
the bad and good example as readers see them: no front matter, and no test
markers (a `// expect-warning[ID] {{...}}` becomes `// warning: ID`).

--write regenerates testdata/docs/<ID>-{bad,good}.c from the pages instead
of comparing them. Exits 1 on any problem, listing them all.
"""

import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

SECTIONS = ["Why it matters in bridge code", "Bad example", "Good example",
            "How to fix", "Options", "Limitations"]
CHECK_RE = re.compile(r'^CHECK\(\s*(\w+)\s*,\s*"([^"]+)"\s*,\s*"([^"]+)"\s*,'
                      r'\s*OL_LEVEL_(\w+)\s*,\s*(\d+)\s*,\s*"([^"]*)"\s*\)',
                      re.M)


def issue_for(cid):
    """Issue that builds the analysis behind check `cid` (xfail markers)."""
    if cid in ("MOJO-OWN-102", "MOJO-OWN-106", "MOJO-OWN-107"):
        return 3  # pyref
    if cid in ("MOJO-OWN-108", "MOJO-OWN-110"):
        return 5  # ownership graph
    if cid.startswith("MOJO-BOR-"):
        return 4  # buffer, GIL, CUDA, borrows
    return None   # heap rules: implemented


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def parse_front_matter(text):
    if not text.startswith("---\n"):
        return None, text
    end = text.find("\n---\n", 4)
    if end < 0:
        return None, text
    fm = {}
    for line in text[4:end].splitlines():
        if ":" not in line:
            continue
        k, v = line.split(":", 1)
        fm[k.strip()] = v.strip()
    return fm, text[end + 5:]


def sections(body):
    """[(title, text)] for each '## ' section, in order."""
    out = []
    parts = re.split(r"^## (.+)$", body, flags=re.M)
    for i in range(1, len(parts), 2):
        out.append((parts[i].strip(), parts[i + 1]))
    return out


def first_c_block(text):
    m = re.search(r"^```c\n(.*?)^```$", text, flags=re.M | re.S)
    return m.group(1) if m else None


def check_page(cid, name, level, cwe, root, errs, files):
    path = os.path.join(root, "rules", cid + ".md")
    where = os.path.relpath(path, root)
    if not os.path.exists(path):
        errs.append("%s: missing page for %s" % (where, cid))
        return
    fm, body = parse_front_matter(read(path))
    if fm is None:
        errs.append("%s: no '---' front matter" % where)
        return
    want = {"id": cid, "name": name, "level": level, "cwe": cwe}
    for k, v in want.items():
        if fm.get(k) != v:
            errs.append("%s: front matter %s is %r, checks.def says %r"
                        % (where, k, fm.get(k), v))
    see = fm.get("see-also", "")
    m = re.fullmatch(r"\[(.*)\]", see)
    if not m:
        errs.append("%s: see-also must be a [list]" % where)
    else:
        for ref in [s.strip() for s in m.group(1).split(",") if s.strip()]:
            if ref == cid or ref not in files["ids"]:
                errs.append("%s: see-also names %r, not another check"
                            % (where, ref))
    title = body.lstrip("\n").split("\n", 1)[0]
    if title != "# %s %s" % (cid, name):
        errs.append("%s: title must be '# %s %s'" % (where, cid, name))
    secs = sections(body)
    titles = [t for t, _ in secs]
    if titles != SECTIONS:
        errs.append("%s: sections are %s, expected %s"
                    % (where, titles, SECTIONS))
    secmap = dict(secs)
    for kind, sec in (("bad", "Bad example"), ("good", "Good example")):
        code = first_c_block(secmap.get(sec, ""))
        if code is None:
            errs.append("%s: no ```c block under '%s'" % (where, sec))
            continue
        rel = os.path.join("testdata", "docs", "%s-%s.c" % (cid, kind))
        files["expected"][rel] = code
        exps = re.findall(r"expect-(warning|error|note)(\[[^\]]*\])?"
                          r"[^\n]*", code)
        if kind == "good":
            if "expect-no-diagnostics" not in code:
                errs.append("%s: the good example lacks "
                            "'// expect-no-diagnostics'" % where)
            if exps:
                errs.append("%s: the good example has expect- lines"
                            % where)
            continue
        want_kind = "expect-%s[%s]" % (level, cid)
        lines = [ln for ln in code.splitlines() if want_kind in ln]
        if not lines:
            errs.append("%s: the bad example has no '%s'" % (where, want_kind))
        for ln in lines:
            x = re.search(r"xfail\(#(\d+)\)", ln)
            if x and int(x.group(1)) != issue_for(cid):
                errs.append("%s: xfail(#%s) but %s is built in issue #%s"
                            % (where, x.group(1), cid, issue_for(cid)))
            if x and issue_for(cid) is None:
                errs.append("%s: %s is implemented; remove xfail" %
                            (where, cid))


MARKER_RE = re.compile(r"[ \t]*// expect-([a-z]+)(?:\[([^\]]*)\])?.*$")


def for_readers(code):
    """An example as --explain and the SARIF help show it: a line that is
    only a test marker is dropped, a trailing `// expect-warning[ID] {{..}}`
    becomes `// warning: ID` (and "(not reported yet)" with an xfail)."""
    out = []
    for line in code.split("\n"):
        m = MARKER_RE.search(line)
        if not m:
            out.append(line)
            continue
        head = line[:m.start()]
        if not head.strip():
            continue
        text = head + " // " + m.group(1)
        if m.group(2):
            text += ": " + m.group(2)
        if "xfail(" in line[m.start():]:
            text += " (not reported yet)"
        out.append(text)
    return "\n".join(out)


OUTPUT_INTRO = "What `mojo-ownlint example.c` prints for it:"
OUTPUT_RE = re.compile(r"\n" + re.escape(OUTPUT_INTRO) +
                       r"\n\n```text\n(.*?)```\n", re.S)


def tool_output(tool, root, cid):
    """The text the tool prints for the page's bad example, run as
    `mojo-ownlint example.c` (stdout only: the findings)."""
    with tempfile.TemporaryDirectory(prefix="ownlint-page-") as tmp:
        with open(os.path.join(tmp, "example.c"), "w") as f:
            f.write(read(os.path.join(root, "testdata", "docs",
                                      cid + "-bad.c")))
        p = subprocess.run(
            [tool, "--no-default-includes", "--no-config", "example.c", "--",
             "-I" + os.path.join(root, "testdata", "docs", "include"),
             "-I" + os.path.join(root, "testdata", "include")],
            cwd=tmp, capture_output=True, text=True)
        return p.stdout


def page_outputs(args, root, rows, errs):
    """Each page's bad example is followed by what the tool prints for it
    (so a change of message or grouping shows on the page): checked, or
    written with --write."""
    tool = os.path.abspath(args.bin)
    for cid, *_ in rows:
        path = os.path.join(root, "rules", cid + ".md")
        page = read(path)
        out = tool_output(tool, root, cid)
        block = "\n%s\n\n```text\n%s```\n" % (OUTPUT_INTRO, out or
                                                "(nothing: see Limitations)\n")
        m = OUTPUT_RE.search(page)
        if args.write:
            if m:
                page = page[:m.start()] + block + page[m.end():]
            else:
                # After the bad example's code block.
                sec = page.index("## Bad example")
                end = page.index("```\n", page.index("```c\n", sec) + 5) + 4
                page = page[:end] + block + page[end:]
            with open(path, "w", encoding="utf-8") as f:
                f.write(page)
        elif not m:
            errs.append("rules/%s.md: the bad example is not followed by "
                        "what the tool prints (run ci/check-rule-pages.py "
                        "--write --bin BIN)" % cid)
        elif m.group(0) != block:
            errs.append("rules/%s.md: the output shown differs from what "
                        "the tool prints now (run ci/check-rule-pages.py "
                        "--write --bin BIN):\n%s" % (cid, out))


def run_tool_checks(args, root, rows, errs):
    tool = os.path.abspath(args.bin)
    for cid, *_ in rows:
        p = subprocess.run([tool, "--explain", cid], capture_output=True,
                           text=True)
        if p.returncode != 0:
            errs.append("--explain %s failed" % cid)
            continue
        for bad in ("expect-", "{{", "\nid: " + cid):
            if bad in p.stdout:
                errs.append("--explain %s shows %r (a test marker or the "
                            "front matter)" % (cid, bad.strip()))
        for kind in ("bad", "good"):
            code = read(os.path.join(root, "testdata", "docs",
                                     "%s-%s.c" % (cid, kind)))
            if for_readers(code) not in p.stdout:
                errs.append("--explain %s lacks its %s example" % (cid, kind))
    with tempfile.TemporaryDirectory(prefix="ownlint-docs-") as tmp:
        out = os.path.join(tmp, "docs.sarif")
        case = os.path.join(root, "testdata", "docs", "MOJO-OWN-101-good.c")
        p = subprocess.run([tool, "--format", "sarif", "-o", out,
                            "--no-default-includes", case, "--",
                            "-I" + os.path.join(root, "testdata", "docs",
                                                "include"),
                            "-I" + os.path.join(root, "testdata", "include")],
                           capture_output=True, text=True)
        if p.returncode not in (0, 1) or not os.path.exists(out):
            errs.append("SARIF run failed (exit %d): %s"
                        % (p.returncode, p.stderr))
            return
        # (--validate PYTHON SCRIPT: without it, as with --write alone,
        # the SARIF is not validated)
        v = subprocess.run([args.validate[0], args.validate[1], out],
                           capture_output=True, text=True) \
            if args.validate else None
        if v is not None and v.returncode != 0:
            errs.append("the SARIF does not validate:\n" + v.stdout + v.stderr)
        with open(out) as f:
            rules = json.load(f)["runs"][0]["tool"]["driver"]["rules"]
        by_id = {r["id"]: r for r in rules}
        for cid, *_ in rows:
            md = by_id.get(cid, {}).get("help", {}).get("markdown", "")
            if "expect-" in md or "{{" in md:
                errs.append("SARIF help.markdown of %s shows test markers"
                            % cid)
            for kind in ("bad", "good"):
                code = read(os.path.join(root, "testdata", "docs",
                                         "%s-%s.c" % (cid, kind)))
                if for_readers(code) not in md:
                    errs.append("SARIF help.markdown of %s lacks its %s "
                                "example" % (cid, kind))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", required=True)
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--bin")
    ap.add_argument("--validate", nargs=2)
    args = ap.parse_args()
    root = os.path.abspath(args.root)
    rows = [(r[1], r[2], r[3].lower(), r[4]) for r in
            CHECK_RE.findall(read(os.path.join(root, "analyzer", "diag",
                                               "checks.def")))]
    errs = []
    if len(rows) < 17:
        errs.append("checks.def: only %d CHECK rows parsed" % len(rows))
    files = {"ids": {r[0] for r in rows}, "expected": {}}
    for cid, name, level, cwe in rows:
        check_page(cid, name, level, cwe, root, errs, files)

    for page in glob.glob(os.path.join(root, "rules", "*.md")):
        base = os.path.basename(page)[:-3]
        if re.fullmatch(r"MOJO-[A-Z]{3}-\d{3}", base) and \
                base not in files["ids"]:
            errs.append("rules/%s.md: no such check in checks.def" % base)

    docs = os.path.join(root, "testdata", "docs")
    for rel, code in sorted(files["expected"].items()):
        path = os.path.join(root, rel)
        if args.write:
            with open(path, "w", encoding="utf-8") as f:
                f.write(code)
        elif not os.path.exists(path):
            errs.append("%s: missing (run ci/check-rule-pages.py --write)"
                        % rel)
        elif read(path) != code:
            errs.append("%s: differs from its rule page's example (edit the "
                        "page, then run ci/check-rule-pages.py --write)" % rel)
    for path in glob.glob(os.path.join(docs, "*.c")):
        rel = os.path.relpath(path, root)
        if rel not in files["expected"]:
            errs.append("%s: not the example of any rule page" % rel)

    listed = set(re.findall(r"'(MOJO-[A-Z]{3}-\d{3}-(?:bad|good)\.c)'",
                            read(os.path.join(docs, "meson.build"))))
    want = {os.path.basename(r) for r in files["expected"]}
    for f in sorted(want - listed):
        errs.append("testdata/docs/meson.build: %s is not a docs case" % f)
    for f in sorted(listed - want):
        errs.append("testdata/docs/meson.build: %s is not an example" % f)

    installed = set(re.findall(r"'(MOJO-[A-Z]{3}-\d{3})\.md'",
                               read(os.path.join(root, "rules",
                                                 "meson.build"))))
    for cid in sorted(files["ids"] - installed):
        errs.append("rules/meson.build: %s.md is not installed" % cid)
    # ... and every knowledge-base file next to them (an installed tool
    # that lacks one knows nothing of its API).
    rules_build = read(os.path.join(root, "rules", "meson.build"))
    for f in sorted(os.listdir(os.path.join(root, "rules"))):
        if f.endswith(".json") and "'%s'" % f not in rules_build:
            errs.append("rules/meson.build: %s is not installed" % f)

    if args.bin:
        page_outputs(args, root, rows, errs)
    if args.bin and not errs:
        run_tool_checks(args, root, rows, errs)

    for e in errs:
        print("error: " + e)
    print("%d checks, %d rule pages, %d examples: %d problem%s"
          % (len(rows), len(files["ids"]), len(files["expected"]), len(errs),
             "" if len(errs) == 1 else "s"))
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main())
