/*
 * text.c — GCC/Clang style text output (docs/output.md):
 *
 *   f.c:42:9: warning: new reference 'tmp' ... [MOJO-OWN-105]
 *   f.c:37:17: note: (1) 'tmp' acquired here (new reference)
 *
 * A grouped finding (diag/group.h) then lists its first related sites as
 * notes and counts the rest:
 *
 *   gen.h:12:5: warning: ... in macro 'ADD_INT' (69 expansions) [MOJO-OWN-105]
 *   gen.h:10:19: note: (1) 'o' acquired here ...
 *   mod.c:40:2: note: expanded here ('ADD_INT')
 *   mod.c:41:2: note: expanded here ('ADD_INT')
 *   mod.c:42:2: note: expanded here ('ADD_INT')
 *   gen.h:12:5: note: and 66 more expansions (--no-group lists each)
 *
 * Only findings go here (stdout by default); tool notifications go to
 * stderr from the pipeline, so a redirected report stays clean.
 *
 * With `color` (--color, main.c decides), GCC's default colours
 * (GCC_COLORS): the location bold, "error:" bold red, "warning:" bold
 * magenta, "note:" bold cyan, the message bold; the text between the
 * escapes is the same as without.
 */
#include "emit.h"

#include <string.h>

// Related sites printed as notes; the rest are counted.
#define OL_TEXT_MAX_RELATED 3

#define SGR_LOCUS "\033[01m"
#define SGR_BOLD "\033[01m"
#define SGR_RESET "\033[m\033[K"

static const char *level_sgr(ol_level l)
{
	return l == OL_LEVEL_ERROR ? "\033[01;31m\033[K"
	       : l == OL_LEVEL_WARNING ? "\033[01;35m\033[K"
				       : "\033[01;36m\033[K";
}

static void put_loc(FILE *out, const ol_loc *l, bool color)
{
	fprintf(out, "%s%s:%u:%u:%s ", color ? SGR_LOCUS : "",
		l->file ? l->file : "<unknown>", l->line, l->col,
		color ? SGR_RESET : "");
}

// "note: " (coloured as its level)
static void put_level(FILE *out, ol_level l, bool color)
{
	fprintf(out, "%s%s:%s ", color ? level_sgr(l) : "", ol_level_name(l),
		color ? SGR_RESET : "");
}

int ol_emit_text(FILE *out, const ol_diag_sink *s, const ol_emit_opts *o)
{
	size_t n = ol_diag_sink_count(s);
	bool color = o && o->color;
	for (size_t i = 0; i < n; i++) {
		const ol_diag *d = ol_diag_sink_get(s, i);
		if (d->suppressed && !(o && o->include_suppressed))
			continue;
		const ol_check_info *ci = ol_check_info_get(d->check);
		put_loc(out, &d->loc, color);
		put_level(out, d->level, color);
		fprintf(out, "%s%s%s [%s]", color ? SGR_BOLD : "", d->msg,
			color ? SGR_RESET : "", ci->id);
		// --include-suppressed: say by what, and why when known.
		if (d->suppressed)
			fprintf(out, " (suppressed by %s%s%s)",
				d->baselined ? "the baseline" : "NOLINT",
				!d->baselined && d->justification ? ": " : "",
				!d->baselined && d->justification
					? d->justification : "");
		fputc('\n', out);
		for (size_t k = 0; k < d->nevents; k++) {
			put_loc(out, &d->events[k].loc, color);
			put_level(out, OL_LEVEL_NOTE, color);
			fprintf(out, "(%zu) %s\n", k + 1, d->events[k].msg);
		}
		size_t shown = 0;
		for (; shown < d->nrelated && shown < OL_TEXT_MAX_RELATED;
		     shown++) {
			put_loc(out, &d->related[shown].loc, color);
			put_level(out, OL_LEVEL_NOTE, color);
			fprintf(out, "%s\n", d->related[shown].msg);
		}
		// The group's other sites: all but the finding's own, unless
		// the finding moved to a macro's definition (then every
		// expansion is a related site).
		size_t others = d->macro && d->group_size > 1 ? d->group_size
			      : d->group_size ? d->group_size - 1 : 0;
		if (others > shown) {
			put_loc(out, &d->loc, color);
			put_level(out, OL_LEVEL_NOTE, color);
			fprintf(out, "and %zu more %s (--no-group lists "
				"each)\n", others - shown,
				d->nrelated && !strncmp(d->related[0].msg,
					"expanded here", 13)
					? "expansions" : "sites");
		}
	}
	return ferror(out) ? -1 : 0;
}
