// Input of the 'baseline' flow test (run-flow-test.py): one finding, whose
// fingerprint must survive a line inserted above it.
#include <stdlib.h>
#include <string.h>

char *dup_name(const char *name)
{
	size_t n = strlen(name) + 1;
	char *buf = malloc(n);
	buf[0] = 0; // expect-warning[MOJO-OWN-109] {{'buf'}}
	memcpy(buf, name, n);
	return buf;
}
