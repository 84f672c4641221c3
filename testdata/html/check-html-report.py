#!/usr/bin/env python3
"""check-html-report.py -- the HTML report (`--format html -o DIR`,
docs/output.md) checked three ways, one per meson test:

  structure  the files written, the index's rows against the JSON report
             of the same run, each finding page's numbered steps under the
             lines the JSON events name, the exact steps of the known
             findings of html/steps.c, escaping of a file that is not
             UTF-8 and holds control characters, and a second report into
             the same folder removing the pages the first one left;
  validate   every page parses without a single error under html5lib's
             strict HTML5 parser (Debian: python3-html5lib); SKIP (77)
             when html5lib is missing;
  browser    a real browser (Chromium, headless, --dump-dom) renders the
             index with every row, each link of the index names a written
             file, filters and the sort given in the URL (fragment or
             query string) hide and order the rows they should, and a
             finding page shows its notes; SKIP (77) with the reason when
             no browser is found ($OL_BROWSER names one).

    check-html-report.py --bin BIN MODE

Runs in testdata/ (meson's workdir); writes only to a temporary folder.
"""

import argparse
import glob
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

INPUTS = ["html/steps.c", "group/macro-expansions.c"]
BASE_ARGS = ["--no-default-includes", "--no-cache", "--include-suppressed"]

# html/steps.c: (rule, line of the finding, [line of each step]).
KNOWN = [
    ("MOJO-OWN-105", 14, [9, 10, 13, 14]),
    ("MOJO-OWN-104", 26, [22, 23, 25, 26]),
    ("MOJO-OWN-101", 33, [31, 33]),
]

# A file that is not UTF-8, with control characters and markup in it.
ODD_SOURCE = (b"// caf\xe9 \x1b[31m <b>&amp;</b> \x01 \x7f \xc2\x85\n"
              b"void *malloc(unsigned long);\n"
              b"void odd(void)\n{\n\tvoid *p = malloc(1); /* \xff\xfe */\n}\n")

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


def run_tool(binary, args, cwd=None):
    return subprocess.run([binary] + args, capture_output=True, cwd=cwd)


def make_report(binary, tmp):
    """Writes the report into tmp/report; returns (dir, JSON report)."""
    odd = os.path.join(tmp, "odd <&>.c")
    with open(odd, "wb") as f:
        f.write(ODD_SOURCE)
    inputs = INPUTS + [odd]
    extra = ["--", "-Iinclude"]
    out = os.path.join(tmp, "report")
    r = run_tool(binary, BASE_ARGS + ["--format", "html", "-o", out] +
                 inputs + extra)
    check(r.returncode == 1, "html run: exit %d, want 1 (findings): %s" %
          (r.returncode, r.stderr.decode(errors="replace")))
    check(r.stdout == b"", "html run: nothing on stdout, got %r" %
          r.stdout[:200])
    j = run_tool(binary, BASE_ARGS + ["--format", "json"] + inputs + extra)
    report = json.loads(j.stdout)
    return out, report


class Page(html.parser.HTMLParser):
    """The parts of a page the tests look at."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.rows = []       # index: the data- attributes of each row
        self.links = []      # every href
        self.listing = []    # (kind, value) in order: ("file", k),
        self.text = []       # ("line", n), ("step", n), ("final", None)
        self._in_title = False
        self.title = ""

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "tr" and "data-rule" in a:
            self.rows.append(a)
        if tag == "a" and "href" in a:
            self.links.append(a["href"])
        ident = a.get("id") or ""
        m = re.fullmatch(r"f(\d+)", ident)
        if tag == "h2" and m:
            self.listing.append(("file", int(m.group(1))))
        m = re.fullmatch(r"f\d+-L(\d+)", ident)
        if m:
            self.listing.append(("line", int(m.group(1))))
        m = re.fullmatch(r"step-(\d+)", ident)
        if m and tag == "span":
            self.listing.append(("step", int(m.group(1))))
        if tag == "span" and a.get("class") == "step final":
            self.listing.append(("final", None))
        self._in_title = tag == "title"

    def handle_endtag(self, tag):
        self._in_title = False

    def handle_data(self, data):
        self.text.append(data)
        if self._in_title:
            self.title += data


def parse(path):
    p = Page()
    with open(path, encoding="utf-8") as f:  # strict: must be UTF-8
        p.feed(f.read())
    p.close()
    return p


def steps_by_file(page):
    """{file number: [(step number or None for the finding, line)]}."""
    out, k, line = {}, None, None
    for kind, value in page.listing:
        if kind == "file":
            k, line = value, None
            out[k] = []
        elif kind == "line":
            line = value
        elif k is not None:
            out[k].append((value, line))
    return out


def check_structure(binary, tmp):
    out, report = make_report(binary, tmp)
    findings = report["findings"]
    names = sorted(os.listdir(out))
    check("index.html" in names, "index.html is written")
    pages = [n for n in names if n.startswith("finding-")]
    check(len(pages) == len(findings),
          "one page per finding: %d pages, %d findings" %
          (len(pages), len(findings)))
    rules = sorted({f["id"] for f in findings})
    check([n for n in names if n.startswith("rule-")] ==
          ["rule-%s.html" % r for r in rules],
          "one page per rule named: %s" % names)
    check(not [n for n in names if ".tmp" in n], "no temporary file left")

    index = parse(os.path.join(out, "index.html"))
    check(len(index.rows) == len(findings),
          "index rows: %d, want %d" % (len(index.rows), len(findings)))
    text = "".join(index.text)
    check("%d of %d findings shown" % (len(findings), len(findings)) in text,
          "index says how many findings it shows")
    for row, f in zip(index.rows, findings):
        want = {"data-rule": f["id"], "data-level": f["level"],
                "data-file": f["file"], "data-line": str(f["line"]),
                "data-sites": str(f["count"]),
                "data-status": {None: "open", "nolint": "nolint",
                                "baseline": "baseline"}[f["suppressed_by"]]}
        got = {k: row.get(k) for k in want}
        check(got == want, "row of %s:%s: %s, want %s" %
              (f["file"], f["line"], got, want))
        page = os.path.join(out, "finding-%s.html" % f["fingerprint"])
        if not os.path.exists(page):
            failures.append("no page for fingerprint %s" % f["fingerprint"])
            continue
        p = parse(page)
        check("index.html" in p.links, "%s links back to the index" % page)
        check("rule-%s.html" % f["id"] in p.links,
              "%s links to its rule's page" % page)
        # Every event: step k is a note right under the line it names.
        listed = {}
        for k, notes in steps_by_file(p).items():
            for step, line in notes:
                listed.setdefault(step, []).append(line)
        for i, e in enumerate(f["events"], 1):
            check(listed.get(i) == [e["line"]],
                  "%s: step %d is under line %s, want %d" %
                  (page, i, listed.get(i), e["line"]))
        check(listed.get(None) == [f["line"]],
              "%s: the finding's note is under line %s, want %d" %
              (page, listed.get(None), f["line"]))
        for r in f["related"]:
            check("%s:%d:%d" % (r["file"], r["line"], r["column"])
                  in "".join(p.text),
                  "%s lists the related site %s:%d" %
                  (page, r["file"], r["line"]))

    # The findings of html/steps.c, as written in this file.
    for rule, line, steps in KNOWN:
        match = [f for f in findings if f["file"].endswith("html/steps.c")
                 and f["id"] == rule and f["line"] == line]
        check(len(match) == 1, "one %s at html/steps.c:%d" % (rule, line))
        if match:
            p = parse(os.path.join(out, "finding-%s.html" %
                                   match[0]["fingerprint"]))
            got = [ln for s, ln in steps_by_file(p)[1] if s is not None]
            check(got == steps, "%s steps under lines %s, want %s" %
                  (rule, got, steps))
    sup = [f for f in findings if f["suppressed_by"] == "nolint"]
    check(len(sup) == 1, "the NOLINT'd finding is listed")
    if sup:
        p = parse(os.path.join(out, "finding-%s.html" % sup[0]["fingerprint"]))
        check("suppressed by NOLINT: kept for the test" in "".join(p.text),
              "the NOLINT justification is shown")

    # The odd file: every byte shown, escaped, as valid UTF-8.
    odd = [f for f in findings if "odd" in f["file"]]
    check(len(odd) == 1, "one finding in the odd file")
    if odd:
        raw = open(os.path.join(out, "finding-%s.html" %
                                odd[0]["fingerprint"]), "rb").read()
        for want in ["caf\ufffd", "\u241b[31m", "&lt;b&gt;&amp;amp;&lt;/b&gt;",
                     "\u2401", "\u2421", "/* \ufffd\ufffd */",
                     "odd &lt;&amp;&gt;.c"]:
            check(want.encode() in raw, "odd file: %r shown" % want)
        check(b"\x1b" not in raw and b"\x01" not in raw and
              b"\xc2\x85" not in raw, "odd file: no control character "
              "reaches the page")

    # A second report into the same folder: the first one's pages that
    # it does not write are removed; a foreign file is left alone.
    with open(os.path.join(out, "notes.txt"), "w") as f:
        f.write("mine\n")
    r = run_tool(binary, BASE_ARGS + ["--format", "html", "-o", out,
                                      "html/steps.c", "--", "-Iinclude"])
    check(r.returncode == 1, "second run: exit %d" % r.returncode)
    again = sorted(os.listdir(out))
    want = 1 + len([f for f in findings if "steps.c" in f["file"]])
    check(len([n for n in again if n.startswith("finding-")]) == want - 1,
          "second report: %s" % again)
    check("rule-MOJO-OWN-105.html" in again and "notes.txt" in again,
          "second report keeps its rule pages and a foreign file: %s" % again)
    return 0


def check_validate(binary, tmp):
    try:
        import html5lib  # noqa: F401 (Debian: python3-html5lib)
    except ImportError:
        print("SKIP: html5lib is not installed (Debian: python3-html5lib)")
        return 77
    out, report = make_report(binary, tmp)
    pages = sorted(glob.glob(os.path.join(out, "*.html")))
    check(len(pages) >= len(report["findings"]) + 2, "pages written")
    for page in pages:
        parser = html5lib.HTMLParser(strict=True,
                                     namespaceHTMLElements=False)
        try:
            with open(page, "rb") as f:
                parser.parse(f.read(), transport_encoding="utf-8")
        except Exception as e:  # html5lib.html5parser.ParseError
            failures.append("%s: %s (%s)" % (os.path.basename(page), e,
                                             parser.errors[:3]))
    print("validated %d pages" % len(pages))
    return 0


def find_browser():
    names = [os.environ.get("OL_BROWSER", ""), "chromium", "chromium-browser",
             "google-chrome", "google-chrome-stable", "chrome-headless-shell"]
    for n in names:
        if n and shutil.which(n):
            return shutil.which(n)
    return None


def dump_dom(browser, tmp, url):
    """The DOM of `url` after its scripts ran, parsed."""
    env = dict(os.environ, HOME=tmp)
    r = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu",
                        "--disable-dev-shm-usage", "--no-first-run",
                        "--user-data-dir=" + os.path.join(tmp, "profile"),
                        "--dump-dom", url],
                       capture_output=True, env=env, timeout=300)
    if r.returncode != 0 or b"<html" not in r.stdout:
        failures.append("browser on %s: exit %d: %s" %
                        (url, r.returncode, r.stderr[-500:]))
    p = Page()
    p.feed(r.stdout.decode("utf-8", errors="replace"))
    # Which rows are hidden: the dumped DOM carries hidden="".
    p.hidden = [row for row in p.rows if "hidden" in row]
    p.shown = [row for row in p.rows if "hidden" not in row]
    return p


def check_browser(binary, tmp):
    browser = find_browser()
    if not browser:
        print("SKIP: no browser found (chromium, chromium-browser, "
              "google-chrome; Debian: apt-get install chromium; or set "
              "OL_BROWSER)")
        return 77
    out, report = make_report(binary, tmp)
    findings = report["findings"]
    n = len(findings)
    index = "file://" + os.path.abspath(os.path.join(out, "index.html"))

    p = dump_dom(browser, tmp, index)
    check(len(p.rows) == n and not p.hidden,
          "index renders %d rows, %d hidden; want %d, none hidden" %
          (len(p.rows), len(p.hidden), n))
    check("%d of %d findings shown" % (n, n) in "".join(p.text),
          "index counts what it shows")
    for href in set(p.links):
        target = href.split("#")[0]
        check(not re.match(r"[a-z]+:", target) and target and
              os.path.isfile(os.path.join(out, target)),
              "index link %r resolves to a written file" % href)

    def expect_filter(query, keep, what):
        v = dump_dom(browser, tmp, index + query)
        want = [f for f in findings if keep(f)]
        check(len(want) and len(want) < n,
              "%s: the test data has rows to keep and to hide" % what)
        got = [(r["data-rule"], r["data-file"], r["data-line"])
               for r in v.shown]
        exp = [(f["id"], f["file"], str(f["line"])) for f in want]
        check(sorted(got) == sorted(exp), "%s: shown %s, want %s" %
              (what, got, exp))
        check(len(v.hidden) == n - len(want), "%s: %d rows hidden, want %d"
              % (what, len(v.hidden), n - len(want)))
        check("%d of %d findings shown" % (len(want), n) in "".join(v.text),
              "%s: the count says so" % what)
        return v

    expect_filter("#rule=MOJO-OWN-105", lambda f: f["id"] == "MOJO-OWN-105",
                  "rule in the fragment")
    expect_filter("?level=error", lambda f: f["level"] == "error",
                  "level in the query string")
    expect_filter("#file=group/&level=warning",
                  lambda f: "group/" in f["file"] and f["level"] == "warning",
                  "file and level")
    expect_filter("#rule=MOJO-OWN-104,MOJO-OWN-101",
                  lambda f: f["id"] in ("MOJO-OWN-104", "MOJO-OWN-101"),
                  "a list of rules")
    expect_filter("#status=nolint", lambda f: f["suppressed_by"] == "nolint",
                  "status")
    v = dump_dom(browser, tmp, index + "#sort=-sites")
    sites = [int(r["data-sites"]) for r in v.rows]
    check(sites == sorted(sites, reverse=True) and sites[0] > 1,
          "sort=-sites orders the rows: %s" % sites)
    v = dump_dom(browser, tmp, index + "#sort=level")
    check(v.rows and v.rows[0]["data-level"] == "error",
          "sort=level puts the error first")

    check_browser_paging(binary, tmp, browser)

    # A finding page renders with its numbered notes.
    f = [f for f in findings if f["id"] == "MOJO-OWN-104"][0]
    page = "file://" + os.path.abspath(
        os.path.join(out, "finding-%s.html" % f["fingerprint"]))
    v = dump_dom(browser, tmp, page)
    steps = [s for k, s in v.listing if k == "step"]
    check(steps == list(range(1, len(f["events"]) + 1)),
          "finding page shows steps %s" % steps)
    return 0


def check_browser_paging(binary, tmp, browser):
    """A large index lays out its first 500 rows (the others are marked
    'more'); a filter pages what it keeps, a sort what it orders."""
    src = os.path.join(tmp, "many.c")
    with open(src, "w") as f:
        f.write("void *malloc(unsigned long);\nvoid free(void *);\n")
        for i in range(520):
            f.write("void leak_%d(void) { void *p = malloc(1); }\n" % i)
        for i in range(30):
            f.write("void twice_%d(void) { void *p = malloc(1); if (!p) "
                    "return; free(p); free(p); }\n" % i)
    out = os.path.join(tmp, "many")
    r = run_tool(binary, ["--no-default-includes", "--no-cache", "--format",
                          "html", "-o", out, src])
    check(r.returncode == 1, "paging run: exit %d" % r.returncode)
    index = "file://" + os.path.abspath(os.path.join(out, "index.html"))

    def laid_out(v):
        return [row for row in v.shown if "more" not in row["class"].split()]

    v = dump_dom(browser, tmp, index)
    check(len(v.rows) == 550 and len(laid_out(v)) == 500,
          "paging: %d rows, %d laid out; want 550, 500" %
          (len(v.rows), len(laid_out(v))))
    check("550 of 550 findings shown (the first 500 are listed)"
          in "".join(v.text), "paging: the count says what is listed")
    v = dump_dom(browser, tmp, index + "#rule=MOJO-OWN-104")
    check(len(v.shown) == 30 and len(laid_out(v)) == 30,
          "paging: the filter's 30 rows are laid out (%d, %d)" %
          (len(v.shown), len(laid_out(v))))
    v = dump_dom(browser, tmp, index + "#sort=level")
    first = [row["data-level"] for row in laid_out(v)[:31]]
    check(first == ["error"] * 30 + ["warning"],
          "paging: sorted by level, the errors come first: %s" % first)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("mode", choices=["structure", "validate", "browser"])
    a = ap.parse_args()
    binary = os.path.abspath(a.bin)
    tmp = tempfile.mkdtemp(prefix="ol-html-")
    try:
        rc = {"structure": check_structure, "validate": check_validate,
              "browser": check_browser}[a.mode](binary, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if rc == 77:
        return 77
    for f in failures:
        print("FAIL:", f)
    if not failures:
        print("ok: %s" % a.mode)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
