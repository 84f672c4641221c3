/*
 * baseline.c — `--baseline old.sarif`: hide the findings an earlier run
 * already reported, so a project can adopt the tool and fail only on new
 * findings (docs/integration.md, "Baselines").
 *
 * The baseline is any SARIF log this tool wrote: what is read is the
 * partialFingerprints["mojoOwnlint/v2"] of each result, in every run. The
 * fingerprint (emit/sarif.c) does not contain line numbers, so a finding
 * stays hidden when code above it moves; it changes when the reported
 * statement, its function or the file's path changes, and the finding
 * then counts as new. Results without our fingerprint are ignored (a log of
 * another tool hides nothing).
 */
#include "emit.h"

#include "../base/jsonfile.h"
#include "../base/vec.h"
#include "../ol.h"

#include <json-c/json.h>


#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OL_BASELINE_FINGERPRINT_KEY "mojoOwnlint/v2"
// What versions before finding groups wrote (not comparable).
#define OL_BASELINE_OLD_KEY "mojoOwnlint/v1"

struct ol_baseline {
	OL_VEC(char *) fps; // owned, sorted
};

static int str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static json_object *member(json_object *o, const char *key)
{
	json_object *v = NULL;
	if (!o || !json_object_is_type(o, json_type_object) ||
	    !json_object_object_get_ex(o, key, &v))
		return NULL;
	return v;
}

// True when `s` is our fingerprint's shape: 16 lowercase hex digits.
static bool fingerprint_shape(const char *s)
{
	size_t n = strspn(s, "0123456789abcdef");
	return n == 16 && s[n] == 0;
}

// Reads the fingerprints of runs[r].results[]; a fingerprint of the wrong
// type or shape is an error naming where it is.
static int read_results(ol_baseline *b, const char *path, size_t r,
			json_object *results, size_t *nresults)
{
	size_t n = json_object_array_length(results);

	for (size_t i = 0; i < n; i++) {
		json_object *res = json_object_array_get_idx(results, i);
		json_object *pf = member(res, "partialFingerprints");
		json_object *fp = member(pf, OL_BASELINE_FINGERPRINT_KEY);
		const char *where = NULL;

		(*nresults)++;
		if (!json_object_is_type(res, json_type_object))
			where = "is not an object";
		else if (pf && !json_object_is_type(pf, json_type_object))
			where = "has partialFingerprints that is not an object";
		else if (fp && (!json_object_is_type(fp, json_type_string) ||
				!fingerprint_shape(json_object_get_string(fp))))
			where = "has a \"" OL_BASELINE_FINGERPRINT_KEY "\" "
				"fingerprint that is not 16 hex digits";
		if (where)
			return ol_error_set(OL_ECONFIG, "baseline '%s': "
					    "runs[%zu].results[%zu] %s", path,
					    r, i, where);
		if (fp)
			OL_VEC_PUSH(&b->fps, ol_xstrdup(
				json_object_get_string(fp)));
		else if (member(pf, OL_BASELINE_OLD_KEY))
			return ol_error_set(OL_ECONFIG, "baseline '%s' was "
					    "written by an older mojo-ownlint "
					    "(\"" OL_BASELINE_OLD_KEY "\" "
					    "fingerprints, before findings were "
					    "grouped): write it again", path);
	}
	return OL_OK;
}

int ol_baseline_load(ol_baseline **out, const char *path)
{
	json_object *root = NULL, *runs;
	ol_baseline *b = NULL;
	ol_json_pos pos;
	size_t nresults = 0;
	int error;

	OL_ASSERT(out && path);
	*out = NULL;
	error = ol_jsonfile_read(&root, path, &pos);
	if (error) {
		char why[256]; // the message is rewritten below: copy it
		snprintf(why, sizeof why, "%s", ol_error_last());
		if (error == OL_EIO)
			return ol_error_set(OL_EIO, "cannot read baseline "
					    "'%s': %s", path, why);
		return ol_error_set(OL_ECONFIG, "%s:%u:%u: baseline is not "
				    "valid JSON: %s", path, pos.line, pos.col,
				    why);
	}
	runs = member(root, "runs");
	if (!runs || !json_object_is_type(runs, json_type_array)) {
		error = ol_error_set(OL_ECONFIG, "baseline '%s' is not a "
				     "SARIF log (no 'runs' array)", path);
		goto cleanup;
	}
	b = ol_xcalloc(1, sizeof(*b));
	for (size_t r = 0; r < json_object_array_length(runs) && !error; r++) {
		json_object *results = member(
			json_object_array_get_idx(runs, r), "results");
		if (results && !json_object_is_type(results, json_type_array))
			error = ol_error_set(OL_ECONFIG, "baseline '%s': "
					     "runs[%zu].results is not an "
					     "array", path, r);
		else if (results)
			error = read_results(b, path, r, results, &nresults);
	}
	if (!error && nresults > 0 && b->fps.len == 0)
		error = ol_error_set(OL_ECONFIG, "baseline '%s' has %zu "
				     "result%s but no mojo-ownlint fingerprint "
				     "(partialFingerprints[\"%s\"]): not a "
				     "report of this tool", path, nresults,
				     nresults == 1 ? "" : "s",
				     OL_BASELINE_FINGERPRINT_KEY);
	if (error)
		goto cleanup;
	if (b->fps.len > 1)
		qsort(b->fps.items, b->fps.len, sizeof(char *), str_cmp);
	*out = b;
	b = NULL;
cleanup:
	ol_baseline_free(b);
	json_object_put(root);
	return error;
}

void ol_baseline_free(ol_baseline *b)
{
	if (!b)
		return;
	for (size_t i = 0; i < b->fps.len; i++)
		free(b->fps.items[i]);
	OL_VEC_FREE(&b->fps);
	free(b);
}

size_t ol_baseline_size(const ol_baseline *b)
{
	return b ? b->fps.len : 0;
}

static bool baseline_has(const ol_baseline *b, const char *fp)
{
	const char *key = fp;
	return b->fps.len && bsearch(&key, b->fps.items, b->fps.len,
				     sizeof(char *), str_cmp) != NULL;
}

size_t ol_baseline_apply(const ol_baseline *b, ol_diag_sink *s,
			 const char *srcroot)
{
	size_t n = ol_diag_sink_count(s), hidden = 0;
	ol_fingerprint *fps;

	if (!b || n == 0)
		return 0;
	fps = ol_emit_fingerprints(s, srcroot);
	for (size_t i = 0; i < n; i++) {
		ol_diag *d = ol_diag_sink_get_mut(s, i);
		if (d->suppressed || !baseline_has(b, fps[i].hex))
			continue;
		d->suppressed = true;
		d->baselined = true;
		free(d->justification);
		d->justification = ol_xstrdup("listed in the baseline");
		hidden++;
	}
	free(fps);
	return hidden;
}
