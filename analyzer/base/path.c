/*
 * path.c — lexical path arithmetic (see path.h). Symlinks are not
 * resolved here: the callers that need the real file use realpath().
 */
#include "path.h"

#include "arena.h"
#include "strbuf.h"

#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <unistd.h>

// Joins `p` to `cwd` when relative and removes ".", ".." and repeated '/'
// lexically. Returns an owned absolute path.
char *ol_path_normalize(const char *cwd, const char *p)
{
	ol_strbuf in, out;
	size_t *seg = NULL, nseg = 0;

	ol_strbuf_init(&in);
	ol_strbuf_init(&out);
	if (p[0] != '/') {
		ol_strbuf_add(&in, cwd);
		ol_strbuf_addc(&in, '/');
	}
	ol_strbuf_add(&in, p);
	seg = ol_xmalloc(sizeof(*seg) * (in.len + 1));

	const char *s = ol_strbuf_str(&in);
	while (*s) {
		while (*s == '/')
			s++;
		const char *e = s;
		while (*e && *e != '/')
			e++;
		size_t n = (size_t)(e - s);
		if (n == 0 || (n == 1 && s[0] == '.')) {
			// skip
		} else if (n == 2 && s[0] == '.' && s[1] == '.') {
			if (nseg > 0)
				out.len = seg[--nseg];
			if (out.s)
				out.s[out.len] = 0;
		} else {
			seg[nseg++] = out.len;
			ol_strbuf_addc(&out, '/');
			ol_strbuf_addn(&out, s, n);
		}
		s = e;
	}
	if (out.len == 0)
		ol_strbuf_addc(&out, '/');
	free(seg);
	ol_strbuf_free(&in);
	return ol_strbuf_detach(&out);
}

char *ol_path_absolute(const char *p)
{
	char cwd[PATH_MAX];
	return ol_path_normalize(getcwd(cwd, sizeof cwd) ? cwd : "/", p);
}

char *ol_path_real(const char *cwd, const char *p)
{
	ol_strbuf b;
	char *real;

	ol_strbuf_init(&b);
	if (p[0] != '/') {
		ol_strbuf_add(&b, cwd);
		ol_strbuf_addc(&b, '/');
	}
	ol_strbuf_add(&b, p);
	if ((real = realpath(ol_strbuf_str(&b), NULL))) {
		ol_strbuf_free(&b);
		return real;
	}
	return ol_strbuf_detach(&b);
}

char *ol_path_display(const char *cwd, const char *root, const char *file)
{
	char *abs = ol_path_real(cwd, file);
	size_t rl = strlen(root);
	char *out;

	if (strcmp(root, "/") == 0 && abs[0] == '/' && abs[1])
		out = ol_xstrdup(abs + 1);
	else if (strncmp(abs, root, rl) == 0 && abs[rl] == '/' && abs[rl + 1])
		out = ol_xstrdup(abs + rl + 1);
	else
		return abs;
	free(abs);
	return out;
}

char *ol_path_find_up(const char *start, const char *const *names,
		      size_t *which)
{
	char *dir = realpath(start, NULL);
	struct stat st;

	if (!dir)
		return NULL;
	if (stat(dir, &st) == 0 && !S_ISDIR(st.st_mode)) {
		char *slash = strrchr(dir, '/');
		if (slash)
			slash[slash == dir] = 0;
	}
	for (;;) {
		for (size_t i = 0; names[i]; i++) {
			ol_strbuf b;
			ol_strbuf_init(&b);
			ol_strbuf_printf(&b, "%s/%s", strcmp(dir, "/") ? dir : "",
					 names[i]);
			bool found = stat(ol_strbuf_str(&b), &st) == 0;
			ol_strbuf_free(&b);
			if (found) {
				if (which)
					*which = i;
				return dir;
			}
		}
		char *slash = strrchr(dir, '/');
		if (!slash || !strcmp(dir, "/"))
			break;
		slash[slash == dir] = 0; // "/a" -> "/", "/a/b" -> "/a"
	}
	free(dir);
	return NULL;
}

void ol_path_add_uri(ol_strbuf *b, const char *s)
{
	static const char keep[] = "-._~!$&'()*+,;=@/";

	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr(keep, *p))
			ol_strbuf_addc(b, (char)*p);
		else
			ol_strbuf_printf(b, "%%%02X", *p);
	}
}
