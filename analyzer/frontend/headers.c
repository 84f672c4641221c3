/*
 * headers.c — which header functions a translation unit analyzes under
 * --header-filter (see headers.h).
 *
 * Every translation unit that reaches a matching header function analyzes
 * it: what a header function does depends on its includer (the macros in
 * force, the functions it calls that the includer defines, the templates
 * it instantiates), so a unit that skipped it would see its own calls of it
 * as opaque. Which unit's findings in the header are reported is decided
 * after the workers are joined, in input order (run.c's
 * keep_first_header_findings()): deciding it by which unit got there first
 * made two runs of -j N report different findings. The regex's verdict is
 * cached per header path, so each header is matched once.
 */
#include "headers.h"

#include "../base/arena.h"
#include "../base/strbuf.h"
#include "../ol.h"

#include <pthread.h>
#include <regex.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct set {
	char **keys; // open addressing; NULL = empty
	size_t cap, len;
} set;

struct ol_header_filter {
	regex_t re;
	pthread_mutex_t lock;
	set matched;  // "+path" or "-path": the regex's verdict per header
};

static uint64_t hash(const char *s)
{
	uint64_t h = UINT64_C(0xcbf29ce484222325);
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * UINT64_C(0x100000001b3);
	return h;
}

// Finds `key` (returns its slot) or the empty slot where it would go.
static char **slot(set *s, const char *key)
{
	size_t i = (size_t)hash(key) & (s->cap - 1);
	while (s->keys[i] && strcmp(s->keys[i], key))
		i = (i + 1) & (s->cap - 1);
	return &s->keys[i];
}

static void set_add(set *s, char *key)
{
	if ((s->len + 1) * 2 > s->cap) {
		set old = *s;
		s->cap = old.cap ? old.cap * 2 : 64;
		s->keys = ol_xcalloc(s->cap, sizeof(char *));
		for (size_t i = 0; i < old.cap; i++)
			if (old.keys[i])
				*slot(s, old.keys[i]) = old.keys[i];
		free(old.keys);
	}
	*slot(s, key) = key;
	s->len++;
}

static const char *set_find(set *s, const char *key)
{
	return s->cap ? *slot(s, key) : NULL;
}

static void set_free(set *s)
{
	for (size_t i = 0; i < s->cap; i++)
		free(s->keys[i]);
	free(s->keys);
}

int ol_header_filter_new(ol_header_filter **out, const char *regex)
{
	ol_header_filter *h = ol_xcalloc(1, sizeof *h);
	int rc = regcomp(&h->re, regex, REG_EXTENDED | REG_NOSUB);

	*out = NULL;
	if (rc != 0) {
		char why[128];
		regerror(rc, &h->re, why, sizeof why);
		free(h);
		return ol_error_set(OL_EUSAGE, "invalid --header-filter '%s': %s",
				    regex, why);
	}
	pthread_mutex_init(&h->lock, NULL);
	*out = h;
	return 0;
}

void ol_header_filter_free(ol_header_filter *h)
{
	if (!h)
		return;
	regfree(&h->re);
	pthread_mutex_destroy(&h->lock);
	set_free(&h->matched);
	free(h);
}

bool ol_header_filter_matches(ol_header_filter *h, CXCursor c)
{
	CXSourceLocation l = clang_getCursorLocation(c);
	CXFile f;

	if (!h || clang_Location_isInSystemHeader(l))
		return false;
	clang_getExpansionLocation(l, &f, NULL, NULL, NULL);
	if (!f)
		return false;
	CXString real = clang_File_tryGetRealPathName(f);
	CXString name = clang_getFileName(f);
	const char *path = clang_getCString(real);
	if (!path || !*path)
		path = clang_getCString(name);
	ol_strbuf verdict;
	ol_strbuf_init(&verdict);
	ol_strbuf_printf(&verdict, "+%s", path ? path : "");

	pthread_mutex_lock(&h->lock);
	bool match;
	if (set_find(&h->matched, ol_strbuf_str(&verdict))) {
		match = true;
	} else {
		verdict.s[0] = '-';
		if (set_find(&h->matched, ol_strbuf_str(&verdict))) {
			match = false;
		} else {
			match = path && regexec(&h->re, path, 0, NULL, 0) == 0;
			verdict.s[0] = match ? '+' : '-';
			set_add(&h->matched, ol_strbuf_detach(&verdict));
		}
	}
	pthread_mutex_unlock(&h->lock);

	ol_strbuf_free(&verdict);
	clang_disposeString(name);
	clang_disposeString(real);
	return match;
}

bool ol_header_is_neighbour(CXCursor c, const char *main_dir)
{
	CXSourceLocation l = clang_getCursorLocation(c);
	enum CXCursorKind k = clang_getCursorKind(c);
	// (C++: a member defined in its class is inline; a class is
	// walked for its members)
	bool cls = k == CXCursor_ClassDecl || k == CXCursor_StructDecl ||
		   k == CXCursor_ClassTemplate;
	bool fn = k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod ||
		  k == CXCursor_Constructor || k == CXCursor_Destructor ||
		  k == CXCursor_ConversionFunction ||
		  k == CXCursor_FunctionTemplate;
	if (!main_dir || (!cls && !fn) ||
	    clang_Location_isInSystemHeader(l) ||
	    clang_Location_isFromMainFile(l))
		return false;
	CXFile f;
	clang_getExpansionLocation(l, &f, NULL, NULL, NULL);
	if (!f)
		return false;
	CXString real = clang_File_tryGetRealPathName(f);
	const char *path = clang_getCString(real);
	size_t n = strlen(main_dir);
	bool near = path && !strncmp(path, main_dir, n) && path[n] == '/' &&
		    !strchr(path + n + 1, '/');
	clang_disposeString(real);
	return near;
}
