/* "directory" is relative to the database; "file" relative to "directory". */
#include "rel.h"

int from_relative(void)
{
	return REL_VALUE;
}
