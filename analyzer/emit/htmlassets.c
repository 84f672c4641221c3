/*
 * htmlassets.c — the CSS and JavaScript of the HTML report (htmlassets.h).
 *
 * They are C strings so that the binary carries its report whole: no data
 * file to install or find, no path to get wrong. They are kept small (a
 * finding page repeats its style sheet, and a run can have ten thousand
 * of them) and use no font, image or URL of any kind.
 *
 * The script works on the table as the page wrote it: each row carries its
 * rule, level, file, line, site count and status in data- attributes, and
 * filtering sets each row's `hidden` attribute, so a page dumped by a
 * headless browser shows which rows a filter hid. The filter and the sort
 * live in the URL's fragment (index.html#rule=MOJO-OWN-101&level=warning;
 * a query string works too, and the fragment wins): a view can be shared,
 * bookmarked or checked by a test without clicking. Values are exact
 * matches, several joined by ',' (rule=MOJO-OWN-101,MOJO-OWN-105), except
 * `file`, which matches any part of the path (file=src/). `sort` names a
 * column (level, rule, file, function, sites, status), '-' first for
 * descending. With JavaScript off, every finding is listed in report
 * order.
 */
#include "htmlassets.h"

#include <stddef.h>

const char ol_html_css_common[] =
	"body{font:14px/1.45 system-ui,sans-serif;margin:1em 2em;"
	"color:#1b1b1b;background:#fff}"
	"a{color:#0550ae}h1{font-size:1.4em}h2{font-size:1.15em;"
	"margin-top:1.5em}code,pre{font-family:ui-monospace,monospace;"
	"font-size:13px}"
	".error{color:#b00020;font-weight:600}"
	".warning{color:#8a5100;font-weight:600}"
	".note{color:#555;font-weight:600}"
	"pre{background:#f6f8fa;padding:6px 8px;overflow-x:auto}";

const char ol_html_css_index[] =
	"form{display:flex;flex-wrap:wrap;gap:.4em 1.2em;align-items:center;"
	"margin:1em 0 .3em}"
	"table{border-collapse:collapse;width:100%}"
	"th,td{border-bottom:1px solid #e2e2e2;padding:3px 6px;"
	"text-align:left;vertical-align:top}"
	"th{background:#f0f0f0;position:sticky;top:0}"
	"th[data-sort]{cursor:pointer;user-select:none}"
	"th[aria-sort=ascending]::after{content:\" \\25B2\"}"
	"th[aria-sort=descending]::after{content:\" \\25BC\"}"
	"td.num{text-align:right}td.loc{white-space:nowrap}"
	"tr.nolint td,tr.baseline td{color:#777}"
	"#shown{color:#555;margin:.2em 0 .6em}"
	// Only the first page of rows is laid out (it takes seconds to lay
	// out ten thousand): the page marks the rows past the first 500
	// "more", the script the rows past its limit; with scripts off (no
	// "js" class on the root), every row shows.
	".js tr.more{display:none}"
	"#pager{margin:.6em 0}#pager button{margin-right:.6em}";

const char ol_html_css_finding[] =
	"dl{display:grid;grid-template-columns:max-content auto;gap:2px 1em}"
	"dd{margin:0}.msg{font-size:1.1em}"
	"pre.src{tab-size:8;line-height:1.4;border:1px solid #e2e2e2}"
	".n{display:inline-block;min-width:5ch;text-align:right;"
	"padding-right:.6em;margin-right:.6em;color:#888;"
	"border-right:1px solid #ddd;user-select:none}"
	".c{display:inline-block}.hit{background:#fff1b8}"
	".step{display:block;margin:2px 0 4px 7ch;padding:2px 8px;"
	"background:#e7efff;border-left:3px solid #0550ae;white-space:pre-wrap;"
	"font-family:system-ui,sans-serif}"
	".step b{display:inline-block;min-width:1.5em;text-align:center;"
	"border-radius:.8em;background:#0550ae;color:#fff;margin-right:.4em}"
	".step.final{background:#fde7e9;border-left-color:#b00020}"
	".gap{display:block;color:#888;font-style:italic}";

const char *const ol_html_js_index[] = {
	"(function () {\n"
	"'use strict';\n"
	"var body = document.getElementById('findings').tBodies[0];\n"
	"var shown = document.getElementById('shown');\n"
	"var keys = ['rule', 'level', 'file', 'status'];\n"
	"var controls = {};\n"
	"keys.forEach(function (k) {\n"
	"  controls[k] = document.getElementById('f-' + k);\n"
	"});\n"
	"var LEVEL = { error: 0, warning: 1, note: 2 };\n"
	"var items = Array.prototype.map.call(body.rows, function (r, i) {\n"
	"  return { row: r, index: i, rule: r.getAttribute('data-rule'),\n"
	"    level: r.getAttribute('data-level'),\n"
	"    file: r.getAttribute('data-file'),\n"
	"    line: +r.getAttribute('data-line'),\n"
	"    sites: +r.getAttribute('data-sites'),\n"
	"    status: r.getAttribute('data-status'),\n"
	"    more: r.classList.contains('more') };\n"
	"});\n"
	"var sort = '';\n"
	"// Rows past the limit are not laid out (class 'more'); filtered rows\n"
	"// are hidden. PAGE is the page's own first page.\n"
	"var PAGE = 500, limit = PAGE, view = items;\n"
	"var pager = document.getElementById('pager');\n"
	"\n",
	"// The fragment when it has anything, else the query string.\n"
	"function fromUrl() {\n"
	"  var src = location.hash.length > 1 ? location.hash : location.search;\n"
	"  var p = {};\n"
	"  src.replace(/^[?#]/, '').split('&').forEach(function (kv) {\n"
	"    var i = kv.indexOf('=');\n"
	"    if (i <= 0) return;\n"
	"    try {\n"
	"      p[decodeURIComponent(kv.slice(0, i))] =\n"
	"        decodeURIComponent(kv.slice(i + 1).replace(/\\+/g, ' '));\n"
	"    } catch (e) { /* a malformed escape: ignored */ }\n"
	"  });\n"
	"  return p;\n"
	"}\n"
	"\n",
	"function setControl(el, value) {\n"
	"  if (el.tagName === 'SELECT' && !Array.prototype.some.call(el.options,\n"
	"      function (o) { return o.value === value; })) {\n"
	"    var o = document.createElement('option');\n"
	"    o.value = o.textContent = value;\n"
	"    el.appendChild(o);\n"
	"  }\n"
	"  el.value = value;\n"
	"}\n"
	"\n",
	"function inList(v, list) {\n"
	"  return !list || list.split(',').indexOf(v) >= 0;\n"
	"}\n"
	"\n",
	"function filter() {\n"
	"  var rule = controls.rule.value, level = controls.level.value;\n"
	"  var file = controls.file.value, status = controls.status.value;\n"
	"  var n = 0;\n"
	"  view.forEach(function (it) {\n"
	"    var show = inList(it.rule, rule) && inList(it.level, level) &&\n"
	"      inList(it.status, status) && it.file.indexOf(file) >= 0;\n"
	"    var more = show && ++n > limit;\n"
	"    if (it.row.hidden === show) it.row.hidden = !show;\n"
	"    if (it.more !== more) it.row.classList.toggle('more', it.more = more);\n"
	"  });\n"
	"  shown.textContent = n + ' of ' + items.length + ' findings shown' +\n"
	"    (n > limit ? ' (the first ' + limit + ' are listed)' : '');\n"
	"  pager.hidden = n <= limit;\n"
	"}\n"
	"\n",
	"function compare(a, b, key) {\n"
	"  if (key === 'level') return LEVEL[a.level] - LEVEL[b.level];\n"
	"  if (key === 'sites') return a.sites - b.sites;\n"
	"  if (key === 'file')\n"
	"    return a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line;\n"
	"  if (key === 'function') {\n"
	"    a = a.row.cells[3].textContent; b = b.row.cells[3].textContent;\n"
	"  } else {\n"
	"    a = a[key]; b = b[key];\n"
	"  }\n"
	"  return a < b ? -1 : a > b ? 1 : 0;\n"
	"}\n"
	"\n",
	"function order() {\n"
	"  var desc = sort.charAt(0) === '-', key = desc ? sort.slice(1) : sort;\n"
	"  var sorted = items.slice();\n"
	"  if (key) sorted.sort(function (a, b) {\n"
	"    return (desc ? -1 : 1) * compare(a, b, key) || a.index - b.index;\n"
	"  });\n"
	"  view = sorted;\n"
	"  // Out of the document while the rows move: one restyle, not one\n"
	"  // per row.\n"
	"  var table = body.parentNode, next = body.nextSibling;\n"
	"  table.removeChild(body);\n"
	"  sorted.forEach(function (it) { body.appendChild(it.row); });\n"
	"  table.insertBefore(body, next);\n"
	"  document.querySelectorAll('th[data-sort]').forEach(function (th) {\n"
	"    var k = th.getAttribute('data-sort');\n"
	"    if (k === key) th.setAttribute('aria-sort',\n"
	"                                   desc ? 'descending' : 'ascending');\n"
	"    else th.removeAttribute('aria-sort');\n"
	"  });\n"
	"}\n"
	"\n",
	"function load() {\n"
	"  var p = fromUrl();\n"
	"  keys.forEach(function (k) { setControl(controls[k], p[k] || ''); });\n"
	"  var s = p.sort || '';\n"
	"  if (s !== sort) { sort = s; order(); }\n"
	"  filter();\n"
	"}\n"
	"\n",
	"// Writes the view into the fragment, without a new history entry.\n"
	"function save() {\n"
	"  var parts = [];\n"
	"  keys.concat('sort').forEach(function (k) {\n"
	"    var v = k === 'sort' ? sort : controls[k].value;\n"
	"    if (v) parts.push(k + '=' + encodeURIComponent(v));\n"
	"  });\n"
	"  var hash = '#' + (parts.join('&') || 'all');\n"
	"  try {\n"
	"    history.replaceState(null, '', hash);\n"
	"  } catch (e) {\n"
	"    location.hash = hash;\n"
	"  }\n"
	"}\n"
	"\n",
	"keys.forEach(function (k) {\n"
	"  controls[k].addEventListener(k === 'file' ? 'input' : 'change',\n"
	"    function () { filter(); save(); });\n"
	"});\n"
	"document.querySelectorAll('th[data-sort]').forEach(function (th) {\n"
	"  th.addEventListener('click', function () {\n"
	"    var k = th.getAttribute('data-sort');\n"
	"    sort = sort === k ? '-' + k : k;\n"
	"    order();\n"
	"    save();\n"
	"  });\n"
	"});\n"
	"document.getElementById('page-more').addEventListener('click',\n"
	"  function () { limit += PAGE; filter(); });\n"
	"document.getElementById('page-all').addEventListener('click',\n"
	"  function () { limit = Infinity; filter(); });\n"
	"window.addEventListener('hashchange', load);\n"
	"load();\n"
	"})();\n",
	NULL,
};
