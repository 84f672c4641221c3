/*
 * realloc(p, 0): glibc frees p and returns NULL. A caller that tells the
 * two NULL results apart by the size it asked for (a failure only when
 * the size is not 0) does not leak p on the size-0 path, where the C
 * library freed it; with a size not 0, p is still its to free.
 */
// expect-no-diagnostics
#include <stdlib.h>
#include <string.h>

int pack_items(const char *src, size_t count, size_t width, size_t *len)
{
	char *buf = (char *)malloc(256);
	if (!buf)
		return -1;
	memcpy(buf, src, 256);
	size_t newsize = count * width;
	char *nb = (char *)realloc(buf, newsize);
	if (!nb && newsize) {
		free(buf);
		return -1;
	}
	buf = nb;
	*len = newsize ? (size_t)buf[0] : 0;
	free(buf);
	return 0;
}

int trim(char **out, size_t used)
{
	char *p = (char *)malloc(64);
	if (!p)
		return -1;
	memset(p, 0, 64);
	char *q = (char *)realloc(p, used);
	if (q == NULL && used != 0) {
		free(p);
		return -1;
	}
	*out = q;
	return 0;
}
