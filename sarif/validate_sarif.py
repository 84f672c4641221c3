#!/usr/bin/env python3
"""Validate SARIF files offline: the SARIF 2.1.0 schema plus what GitHub
code scanning requires and the schema does not check.

Usage:
    validate_sarif.py [SCHEMA] FILE...
    validate_sarif.py --schema SCHEMA FILE...
    validate_sarif.py [--schema SCHEMA] --exec FILE -- COMMAND...

--exec runs COMMAND first (it must write FILE and exit with 0 or 1, the
linter's "no findings" / "findings"), then validates FILE: one meson test
can run the CLI and check its output.

SCHEMA defaults to sarif-schema-2.1.0.json next to this script (the OASIS
errata01 draft-04 schema). The positional form
`validate_sarif.py SCHEMA FILE...` is accepted: a first
argument that is a JSON Schema (not a SARIF log) is taken as the schema.

Prints `FILE: valid (Draft4Validator)` or one `FILE: /json/path: message`
line per problem; exits 1 when any file has a problem, 2 on usage errors.

Runs with Debian's /usr/bin/python3 + python3-jsonschema (4.10) and with a
newer jsonschema (4.2x). No network access is needed.

GitHub checks (docs/integration.md, "GitHub code scanning"), each cited by row:
  - `$schema` is a final 2.1.0 URI, `version` is "2.1.0" (SARIF-01/02)
  - at most 20 runs (LIM-2), at most 25,000 rules and results per run
    (LIM-3/4)
  - every rule: non-empty shortDescription.text, fullDescription.text
    (<= 1024 characters) and help.text (SARIF-10..12, GH2012); name != id
    (SARIF1001); at most 10 tags (SARIF-15, LIM-8); security-severity a
    string in (0, 10] (SARIF-18)
  - every result: non-empty message.text (GH1007), exactly one location
    (SARIF-23) whose physicalLocation has artifactLocation.uri and
    region.startLine >= 1 (GH1003); ruleId/ruleIndex consistent with
    tool.driver.rules (SARIF1009); [text](N) links resolve to
    relatedLocations ids, which are unique (SARIF-31)
  - thread-flow locations carry their location inline (GH1002); at most
    10,000 per result (LIM-6); at most 1,000 locations (LIM-7)
  - uriBaseId only on relative URIs (SARIF1004); originalUriBaseIds are
    absolute URIs ending in '/'
  - regions: endLine >= startLine, endColumn > startColumn on one line
    (SARIF1007)
"""
import json
import os
import re
import subprocess
import sys

import jsonschema

SCHEMA_URIS = {
    "https://json.schemastore.org/sarif-2.1.0.json",
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json",
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/cos02/schemas/sarif-schema-2.1.0.json",
    "https://raw.githubusercontent.com/oasis-tcs/sarif-spec/master/Schemata/sarif-schema-2.1.0.json",
}
MAX_RUNS = 20
MAX_RESULTS = 25000
MAX_RULES = 25000
MAX_TAGS = 10
MAX_DESCRIPTION = 1024
MAX_FLOW_LOCATIONS = 10000
MAX_LOCATIONS = 1000
LINK = re.compile(r"(?<!\\)\[(?:[^\]\\]|\\.)*\]\((\d+)\)")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def text_of(obj, key):
    v = obj.get(key) if isinstance(obj, dict) else None
    if not isinstance(v, dict):
        return None
    t = v.get("text")
    return t if isinstance(t, str) and t.strip() else None


def check_region(region, path, errs):
    if not isinstance(region, dict):
        return
    sl = region.get("startLine")
    el = region.get("endLine", sl)
    sc = region.get("startColumn")
    ec = region.get("endColumn")
    if isinstance(sl, int) and isinstance(el, int) and el < sl:
        errs.append((path + "/endLine", "endLine is before startLine"))
    if (isinstance(sl, int) and el == sl and isinstance(sc, int)
            and isinstance(ec, int) and ec <= sc):
        errs.append((path + "/endColumn", "endColumn must be after startColumn"))


def check_physical(loc, path, errs, need_line):
    phys = loc.get("physicalLocation") if isinstance(loc, dict) else None
    if not isinstance(phys, dict):
        if need_line:
            errs.append((path, "no physicalLocation (GitHub cannot place it)"))
        return
    art = phys.get("artifactLocation", {})
    uri = art.get("uri") if isinstance(art, dict) else None
    if need_line and not (isinstance(uri, str) and uri):
        errs.append((path + "/physicalLocation/artifactLocation",
                     "no artifactLocation.uri"))
    if isinstance(uri, str) and "uriBaseId" in art and SCHEME.match(uri):
        errs.append((path + "/physicalLocation/artifactLocation",
                     "uriBaseId given for an absolute URI (SARIF1004)"))
    region = phys.get("region")
    if need_line:
        sl = region.get("startLine") if isinstance(region, dict) else None
        if not (isinstance(sl, int) and sl >= 1):
            errs.append((path + "/physicalLocation/region",
                         "no region.startLine >= 1 (GH1003)"))
    check_region(region, path + "/physicalLocation/region", errs)
    check_region(phys.get("contextRegion"),
                 path + "/physicalLocation/contextRegion", errs)


def check_rule(rule, path, errs):
    rid = rule.get("id")
    for key in ("shortDescription", "fullDescription", "help"):
        t = text_of(rule, key)
        if t is None:
            errs.append((path, f"rule {rid}: no {key}.text (GH2012)"))
        elif key != "help" and len(t) > MAX_DESCRIPTION:
            errs.append((path + "/" + key,
                         f"rule {rid}: longer than {MAX_DESCRIPTION} characters"))
    if rule.get("name") == rid:
        errs.append((path + "/name", f"rule {rid}: name equals id (SARIF1001)"))
    props = rule.get("properties", {})
    tags = props.get("tags", [])
    if len(tags) > MAX_TAGS:
        errs.append((path + "/properties/tags",
                     f"rule {rid}: {len(tags)} tags, GitHub shows at most {MAX_TAGS}"))
    if "security-severity" in props:
        sev = props["security-severity"]
        ok = isinstance(sev, str)
        try:
            ok = ok and 0.0 < float(sev) <= 10.0
        except ValueError:
            ok = False
        if not ok:
            errs.append((path + "/properties/security-severity",
                         f"rule {rid}: must be a string score in (0, 10]"))


def check_result(res, path, rules, errs):
    text = text_of(res, "message")
    if text is None:
        errs.append((path + "/message", "no message.text (GH1007)"))
    locs = res.get("locations")
    if not isinstance(locs, list) or len(locs) != 1:
        errs.append((path + "/locations",
                     "needs exactly one location (GitHub uses locations[0])"))
    else:
        check_physical(locs[0], path + "/locations/0", errs, True)
    rid, idx = res.get("ruleId"), res.get("ruleIndex")
    ids = [r.get("id") for r in rules]
    if idx is not None:
        if not (isinstance(idx, int) and 0 <= idx < len(rules)):
            errs.append((path + "/ruleIndex", f"ruleIndex {idx} out of range (SARIF1009)"))
        elif rid is not None and rules[idx].get("id") != rid:
            errs.append((path + "/ruleIndex",
                         f"rules[{idx}].id is {rules[idx].get('id')!r}, not ruleId {rid!r}"))
    elif rid is not None and rid not in ids:
        errs.append((path + "/ruleId", f"ruleId {rid!r} is not in tool.driver.rules"))
    related = res.get("relatedLocations", [])
    rel_ids = [r.get("id") for r in related if isinstance(r, dict) and "id" in r]
    if len(rel_ids) != len(set(rel_ids)):
        errs.append((path + "/relatedLocations", "relatedLocations ids are not unique"))
    for i, r in enumerate(related):
        check_physical(r, f"{path}/relatedLocations/{i}", errs, False)
    if text is not None:
        for m in LINK.finditer(text):
            if int(m.group(1)) not in rel_ids:
                errs.append((path + "/message/text",
                             f"link to location id {m.group(1)} that is not in relatedLocations"))
    if len(related) + len(locs or []) > MAX_LOCATIONS:
        errs.append((path, f"more than {MAX_LOCATIONS} locations"))
    nflow = 0
    for c, cf in enumerate(res.get("codeFlows", [])):
        for t, tf in enumerate(cf.get("threadFlows", [])):
            for k, tfl in enumerate(tf.get("locations", [])):
                nflow += 1
                p = f"{path}/codeFlows/{c}/threadFlows/{t}/locations/{k}"
                if "location" not in tfl:
                    errs.append((p, "threadFlowLocation without an inline location (GH1002)"))
                else:
                    check_physical(tfl["location"], p + "/location", errs, False)
    if nflow > MAX_FLOW_LOCATIONS:
        errs.append((path + "/codeFlows",
                     f"{nflow} thread-flow locations, GitHub accepts {MAX_FLOW_LOCATIONS}"))


def github_checks(log):
    errs = []
    if log.get("$schema") not in SCHEMA_URIS:
        errs.append(("/$schema", f"not a final SARIF 2.1.0 schema URI: {log.get('$schema')!r}"))
    if log.get("version") != "2.1.0":
        errs.append(("/version", "GitHub supports only version 2.1.0"))
    runs = log.get("runs", [])
    if len(runs) > MAX_RUNS:
        errs.append(("/runs", f"{len(runs)} runs, GitHub accepts {MAX_RUNS}"))
    for r, run in enumerate(runs):
        rp = f"/runs/{r}"
        driver = run.get("tool", {}).get("driver", {})
        rules = driver.get("rules", [])
        if len(rules) > MAX_RULES:
            errs.append((rp + "/tool/driver/rules", f"more than {MAX_RULES} rules"))
        for i, rule in enumerate(rules):
            check_rule(rule, f"{rp}/tool/driver/rules/{i}", errs)
        for key, base in (run.get("originalUriBaseIds") or {}).items():
            uri = base.get("uri", "")
            if not (SCHEME.match(uri) and uri.endswith("/")):
                errs.append((f"{rp}/originalUriBaseIds/{key}",
                             "must be an absolute URI ending in '/'"))
        results = run.get("results") or []
        if len(results) > MAX_RESULTS:
            errs.append((rp + "/results",
                         f"{len(results)} results, GitHub accepts {MAX_RESULTS}"))
        for i, res in enumerate(results):
            check_result(res, f"{rp}/results/{i}", rules, errs)
    return errs


def main(argv):
    args = list(argv)
    schema_path = None
    if len(args) >= 2 and args[0] == "--schema":
        schema_path, args = args[1], args[2:]
    if len(args) >= 4 and args[0] == "--exec" and args[2] == "--":
        out, cmd = args[1], args[3:]
        if os.path.exists(out):
            os.remove(out)
        rc = subprocess.run(cmd).returncode
        if rc not in (0, 1):
            print(f"{out}: command exited with {rc}: {' '.join(cmd)}")
            return 1
        args = [out]
    elif args and args[0].startswith("-"):
        print(__doc__, file=sys.stderr)
        return 2
    here = os.path.dirname(os.path.abspath(__file__))
    if schema_path is None and len(args) >= 2:
        with open(args[0], encoding="utf-8") as f:
            first = json.load(f)
        if isinstance(first, dict) and "runs" not in first and "definitions" in first:
            schema_path, args = args[0], args[1:]
    if schema_path is None:
        schema_path = os.path.join(here, "sarif-schema-2.1.0.json")
    if not args:
        print(__doc__, file=sys.stderr)
        return 2
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    cls = jsonschema.validators.validator_for(schema)  # Draft4Validator here
    cls.check_schema(schema)
    checker = (cls.FORMAT_CHECKER if hasattr(cls, "FORMAT_CHECKER")
               else jsonschema.FormatChecker())
    v = cls(schema, format_checker=checker)
    bad = 0
    for fname in args:
        try:
            with open(fname, encoding="utf-8") as f:
                log = json.load(f)
        except (OSError, ValueError) as e:
            print(f"{fname}: cannot read: {e}")
            bad += 1
            continue
        errs = [("/" + "/".join(map(str, e.absolute_path)), e.message)
                for e in sorted(v.iter_errors(log), key=lambda e: list(map(str, e.absolute_path)))]
        if isinstance(log, dict):
            errs += github_checks(log)
        for p, msg in errs:
            print(f"{fname}: {p}: {msg}")
        if errs:
            bad += 1
        else:
            print(f"{fname}: valid ({cls.__name__})")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
