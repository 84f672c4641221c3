/*
 * tmpdir.h — where the unit tests write their scratch files: $TMPDIR when
 * set, else the system's temporary folder (P_tmpdir).
 */
#ifndef OL_TESTS_TMPDIR_H
#define OL_TESTS_TMPDIR_H

#include <stdio.h>
#include <stdlib.h>

static inline const char *test_tmpdir(void)
{
	const char *d = getenv("TMPDIR");
	return d && *d ? d : P_tmpdir;
}

#endif
