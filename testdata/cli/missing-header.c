/* A missing header is a fatal error: the file is reported, not analyzed. */
#include "no-such-header.h"

int never_analyzed(void)
{
	return NO_SUCH_MACRO;
}
