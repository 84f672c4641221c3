/* Needs the database's flags: -I'inc dir' (quoted) and -DNAME="x y". */
#include "hdr.h"
#ifndef NAME
#error NAME is not defined: the command was not split correctly
#endif

const char *from_command(void)
{
	return NAME HDR_SUFFIX;
}
