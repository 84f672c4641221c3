// Functions of an included source file are analyzed with the file that
// includes it; found again through impl.c, the same finding is kept once.
#include <stdlib.h>
#include "impl.c"

static int fill_main(int n)
{
	char *p = malloc((size_t)n);
	if (!p)
		return -1;
	if (n > 3)
		return -1;
	free(p);
	return 0;
}

int fill(int n)
{
	return fill_impl(n) + fill_main(n);
}
