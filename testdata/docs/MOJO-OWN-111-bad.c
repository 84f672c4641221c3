#include <Python.h>
#include <stdlib.h>
#include <string.h>

int hash_bytes(const char *data, size_t n, unsigned long *out)
{
	unsigned char *tmp = PyMem_Malloc(n);
	if (tmp == NULL)
		return -1;
	memcpy(tmp, data, n);
	unsigned long h = 5381;
	for (size_t i = 0; i < n; i++)
		h = h * 33 + tmp[i];
	*out = h;
	free(tmp); // expect-error[MOJO-OWN-111] {{'PyMem_Free'}}
	return 0;
}
