// The goto-cleanup idiom: correct, and with a forgotten release.
#include <stdlib.h>

int good(size_t n)
{
	int rc = -1;
	char *a = NULL, *b = NULL;
	a = malloc(n);
	if (!a)
		goto done;
	b = malloc(n);
	if (!b)
		goto done;
	a[0] = b[0] = 0;
	rc = 0;
done:
	free(b);
	free(a);
	return rc;
}

int bad(size_t n)
{
	char *a = malloc(n); // expect-note {{acquired here}}
	if (!a)
		goto fail;
	char *b = malloc(n);
	if (!b)
		goto fail;
	free(b);
	free(a);
	return 0;
fail:
	return -1; // expect-warning[MOJO-OWN-105] {{heap memory 'a' from 'malloc' is leaked on the error exit}}
}

int backward(int tries)
{
	char *p;
again:
	p = malloc(64);
	if (!p) {
		if (--tries > 0)
			goto again;
		return -1;
	}
	free(p);
	return 0;
}
