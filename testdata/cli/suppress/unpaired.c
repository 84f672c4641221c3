// An unterminated NOLINTBEGIN is reported and suppresses nothing; so is a
// NOLINTEND without its NOLINTBEGIN, and a BEGIN/END pair must name the same
// checks.
#include <stdlib.h>

// NOLINTEND(MOJO-OWN-104)
// expect-note@-1 {{without a matching NOLINTBEGIN}}

// NOLINTBEGIN(MOJO-OWN-104)
// expect-note@-1 {{unterminated NOLINTBEGIN}}
void twice(void)
{
	char *p = malloc(4);
	free(p);
	free(p); // expect-error[MOJO-OWN-104] {{released twice}}
}
// NOLINTEND(MOJO-OWN-*)
// expect-note@-1 {{without a matching NOLINTBEGIN}}
