/* Includes the same header: the helper is analyzed once in the run. */
#include "helpers.h"

int other_entry(int n)
{
	return helper_leaks(n) * 2;
}
