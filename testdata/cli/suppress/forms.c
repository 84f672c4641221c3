// NOLINT comments under --verify: a suppressed finding needs no
// expectation; every finding that is not suppressed must be expected.
#include <stdlib.h>

void same_line(void)
{
	char *p = malloc(4);
	free(p);
	free(p); // NOLINT(MOJO-OWN-104): freed twice on purpose
}

void next_line(void)
{
	char *p = malloc(4);
	free(p);
	// NOLINTNEXTLINE(MOJO-OWN-103, MOJO-OWN-104)
	free(p);
}

/* NOLINTBEGIN(MOJO-OWN-*) */
void block(void)
{
	char *p = malloc(4);
	free(p);
	free(p);
}
/* NOLINTEND(MOJO-OWN-*) */

void block_comment_and_glob(void)
{
	char *p = malloc(4);
	free(p);
	free(p); /* NOLINT(MOJO-OWN-10*) */
}

void shared_with_clang_tidy(void)
{
	char *p = malloc(4);
	free(p);
	free(p); // NOLINT(bugprone-double-free, MOJO-OWN-104)
}

// A leak is reported where the last handle is lost; a NOLINT on the line
// that acquired it works too.
void leak_silenced_at_acquisition(void)
{
	char *p = malloc(4); // NOLINT(MOJO-OWN-101): lives as long as the process
	if (p)
		p[0] = 0;
}

void not_silenced(void)
{
	char *p = malloc(4);
	free(p);
	free(p); // NOLINT expect-error[MOJO-OWN-104] {{released twice}}
}

void other_check_named(void)
{
	char *p = malloc(4);
	free(p);
	free(p); // NOLINT(MOJO-OWN-103) expect-error[MOJO-OWN-104] {{released twice}}
}

void other_tool_only(void)
{
	char *p = malloc(4);
	free(p);
	free(p); // NOLINT(bugprone-*) expect-error[MOJO-OWN-104] {{released twice}}
}

void in_a_string(void)
{
	char *p = malloc(4);
	const char *s = "// NOLINT(MOJO-OWN-104)";
	free(p);
	free(p); (void)s; // expect-error[MOJO-OWN-104] {{released twice}}
}

void unknown_id(void)
{
	char *p = malloc(4);
	free(p);
	free(p); // NOLINT(MOJO-OWN-999)
	// expect-note@-1 {{unknown check 'MOJO-OWN-999' in NOLINT}}
	// expect-error[MOJO-OWN-104]@-2 {{released twice}}
}
