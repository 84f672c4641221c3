/* Includes helpers.h after the typedef it needs. */
typedef int counter_t;
#include "helpers.h"

int use(void)
{
	return helper(2);
}
