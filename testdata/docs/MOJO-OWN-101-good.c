#include <Python.h>
#include <string.h>

// Counts vowels in a copy of `name` (the copy is lowercased in place).
long count_vowels(const char *name)
{
	size_t n = strlen(name) + 1;
	char *copy = PyMem_Malloc(n);
	if (copy == NULL)
		return -1;
	memcpy(copy, name, n);
	long count = 0;
	for (char *p = copy; *p; p++)
		count += strchr("aeiou", *p | 0x20) != NULL;
	PyMem_Free(copy);
	return count;
	// expect-no-diagnostics
}
