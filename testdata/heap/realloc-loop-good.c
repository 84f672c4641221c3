// `p = realloc(p, n)` in a loop, its result never tested, then used as
// the block (pychm's search.c: `word = realloc(word, n); strcpy(word +
// pos, ..)`): the reallocation is taken to have succeeded, so the old
// block went with it, and `free(word)` releases the one block there is.
// Its failure (NULL, the old block leaked) would crash at the use first:
// nothing is said of it. Nor does the loop pile up pending blocks until
// the function's budget runs out.
// expect-no-diagnostics
#include <stdlib.h>
#include <string.h>

void words(const unsigned char *in, size_t len)
{
	char *word = NULL;
	for (size_t i = 0; i + 1 < len; i += 2) {
		unsigned char pos = in[i];
		char buf[2] = {(char)in[i + 1], 0};
		if (pos == 0) {
			free(word);
			word = strdup(buf);
		} else {
			word = realloc(word, pos + 2);
			strcpy(word + pos, buf);
		}
	}
	free(word);
}
