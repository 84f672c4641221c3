/*
 * exclude.c — matching paths against exclude globs (see exclude.h).
 *
 * Component by component rather than one fnmatch() over the whole path:
 * fnmatch has no `**`, and "a folder excludes what is below it" is a
 * prefix match on components, which is simplest to say that way.
 *
 * A glob that starts with '/' is first matched against the absolute path
 * (`--exclude "$PWD/gen"`, `--exclude /src/proj/third_party`), then,
 * as before, from the base folder (gitignore's anchored "/gen"): a folder
 * of the file system root and one of the base are rarely both there.
 */
#include "exclude.h"

#include <fnmatch.h>
#include <string.h>

// Length of the component at `s` (up to '/' or the end).
static size_t comp_len(const char *s)
{
	return strcspn(s, "/");
}

static const char *next_comp(const char *s)
{
	s += comp_len(s);
	while (*s == '/')
		s++;
	return s;
}

// True when the components of glob `g` match a prefix of the components
// of `p` (so a folder matches everything below it).
static bool match_prefix(const char *g, const char *p)
{
	char gc[256], pc[256];
	size_t gn, pn;

	if (!*g)
		return true; // the glob is used up: `p` is below a match
	gn = comp_len(g);
	if (gn == 2 && g[0] == '*' && g[1] == '*') {
		const char *rest = next_comp(g);
		for (const char *q = p;; q = next_comp(q)) {
			if (match_prefix(rest, q))
				return true;
			if (!*q)
				return false;
		}
	}
	if (!*p)
		return false;
	pn = comp_len(p);
	if (gn >= sizeof gc || pn >= sizeof pc)
		return false;
	memcpy(gc, g, gn);
	gc[gn] = 0;
	memcpy(pc, p, pn);
	pc[pn] = 0;
	if (fnmatch(gc, pc, FNM_PERIOD) != 0)
		return false;
	return match_prefix(next_comp(g), next_comp(p));
}

// `path` relative to `base`, or NULL when it is not below it.
static const char *below(const char *base, const char *path)
{
	size_t n = strlen(base);
	while (n > 1 && base[n - 1] == '/')
		n--;
	if (n == 1 && base[0] == '/')
		return path[0] == '/' ? path + 1 : NULL;
	if (strncmp(path, base, n) != 0 || path[n] != '/')
		return NULL;
	return path + n + 1;
}

bool ol_exclude_match(const ol_exclude *ex, size_t n, const char *path)
{
	for (size_t i = 0; i < n; i++) {
		const char *g = ex[i].glob;
		// An absolute glob matches the absolute path; failing that,
		// it is anchored at the base (gitignore's "/name").
		if (g[0] == '/' && path[0] == '/' && g[1] &&
		    match_prefix(g + 1, path + 1))
			return true;
		const char *rel = below(ex[i].base, path);
		while (g[0] == '.' && g[1] == '/')
			g += 2;
		bool anchored = strchr(g, '/') != NULL;
		while (*g == '/')
			g++;
		if (!*g)
			continue;
		if (anchored) {
			if (rel && match_prefix(g, rel))
				return true;
			continue;
		}
		// A name at any depth: try each component in turn.
		const char *p = rel ? rel : strrchr(path, '/');
		if (!rel && p)
			p++;
		for (; p && *p; p = next_comp(p))
			if (match_prefix(g, p))
				return true;
	}
	return false;
}
