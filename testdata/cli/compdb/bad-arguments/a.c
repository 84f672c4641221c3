/* Needs the database's flags: -Iinc (relative to "directory") and -DMODE. */
#include "hdr.h"
#ifndef MODE
#error MODE is not defined: the database's flags were not applied
#endif

int from_arguments(void)
{
	return HDR_VALUE + MODE;
}
