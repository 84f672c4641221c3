// As realloc-loop-good.c, but the result is dereferenced before any test:
// that use is reported, the reallocation taken to have succeeded after it.
#include <stdlib.h>
#include <string.h>

void words(const unsigned char *in, size_t len)
{
	char *word = NULL;
	for (size_t i = 0; i + 1 < len; i += 2) {
		unsigned char pos = in[i];
		if (pos == 0) {
			free(word);
			word = strdup("");
		} else {
			word = realloc(word, pos + 2);
			word[pos] = (char)in[i + 1]; // expect-warning[MOJO-OWN-109] {{heap memory 'word' from 'realloc' is dereferenced before it is checked for NULL}}
		}
	}
	free(word);
}
