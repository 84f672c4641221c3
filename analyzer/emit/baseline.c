/*
 * baseline.c — `--baseline old.sarif`: hide the findings an earlier run
 * already reported, so a project can adopt the tool and fail only on new
 * findings (ECOSYSTEM.md CLI-12).
 *
 * The baseline is any SARIF log this tool wrote: what is read is the
 * partialFingerprints["mojoOwnlint/v1"] of each result, in every run. The
 * fingerprint (emit/sarif.c) does not contain line numbers, so a finding
 * stays hidden when code above it moves; it changes when the reported
 * statement, its function or the file's path changes, and the finding
 * then counts as new. Results without our fingerprint are ignored (a log of
 * another tool hides nothing).
 */
#include "emit.h"

#include "../base/vec.h"
#include "../ol.h"

#include <json-c/json.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define OL_BASELINE_FINGERPRINT_KEY "mojoOwnlint/v1"

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

int ol_baseline_load(ol_baseline **out, const char *path)
{
	json_object *root = NULL, *runs;
	ol_baseline *b = NULL;
	FILE *f;
	int error = OL_OK;

	OL_ASSERT(out && path);
	*out = NULL;
	if (!(f = fopen(path, "rb")))
		return ol_error_set(OL_EIO, "cannot read baseline '%s': %s",
				    path, strerror(errno));
	fclose(f);
	if (!(root = json_object_from_file(path))) {
		error = ol_error_set(OL_ECONFIG, "baseline '%s' is not valid "
				     "JSON: %s", path, json_util_get_last_err());
		goto cleanup;
	}
	runs = member(root, "runs");
	if (!runs || !json_object_is_type(runs, json_type_array)) {
		error = ol_error_set(OL_ECONFIG, "baseline '%s' is not a "
				     "SARIF log (no 'runs' array)", path);
		goto cleanup;
	}
	b = ol_xcalloc(1, sizeof(*b));
	for (size_t r = 0; r < json_object_array_length(runs); r++) {
		json_object *results = member(
			json_object_array_get_idx(runs, r), "results");
		if (!results || !json_object_is_type(results, json_type_array))
			continue;
		for (size_t i = 0; i < json_object_array_length(results); i++) {
			json_object *fp = member(member(
				json_object_array_get_idx(results, i),
				"partialFingerprints"),
				OL_BASELINE_FINGERPRINT_KEY);
			if (fp && json_object_is_type(fp, json_type_string))
				OL_VEC_PUSH(&b->fps, ol_xstrdup(
					json_object_get_string(fp)));
		}
	}
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
