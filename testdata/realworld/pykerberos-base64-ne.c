// Reduced from pykerberos 1.1.14 src/base64.c (base64_decode): a value
// tested `c == '='` and found different keeps that fact, so a later
// `c != '='` is decided on the same path. The engine remembers one
// excluded constant per value.
// expect-no-diagnostics
#include <stdlib.h>

int g(int);

int decode_tail(int c)
{
	char *p = malloc(4);
	if (!p)
		return -1;
	if (c == '=') {
		free(p);
		return 0;
	}
	g(1);
	if (c != '=') {
		free(p);
		return 1;
	}
	return 2; // not reached: c is not '=' here
}
