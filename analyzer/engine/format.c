/*
 * format.c — format strings at a call: PyArg_Parse* and Py_BuildValue.
 *
 * The knowledge base says where an API's format string is and which
 * convention it follows (kb.h: ol_kb_format); the units are read here:
 *   parse  "O", "S", "U", "Y" give borrowed references to the caller's
 *          out-parameters; "O&" hands the target to a converter (unknown
 *          afterwards); "y*", "s*", "z*", "w*" fill a Py_buffer, acquired
 *          when the call succeeds; "s", "y", "u" store a pointer that is
 *          not NULL once the call succeeded ("z" may be NULL, and so may
 *          any optional unit past '|' or '$');
 *   build  "N" steals its argument, "O" borrows it.
 * A format not written as a literal leaves the variadic arguments unknown.
 */
#include "engine_int.h"
#include "../ol.h"

#include <string.h>

// `PyArg_ParseTuple(a, "O!", &T, &self->st)`: the borrowed reference is
// written straight into a field or a global, a store like `self->st = o;`
// (MOJO-BOR-202 unless a Py_INCREF pays for it). Returns whether it was.
// The caller links the borrow to the call's success: a failed parse
// leaves nothing to pay for.
static bool parsed_into_storage(ctx *c, state *s, const ol_expr *arg, int v)
{
	if (arg->kind != OL_E_ADDR || !arg->sub[0])
		return false;
	const ol_expr *lv = arg->sub[0];
	bool field = lv->kind == OL_E_MEMBER && lv->arrow && lv->text;
	bool global = lv->kind == OL_E_VAR && lv->var && !is_local(lv->var);
	if (!field && !global)
		return false;
	// Named after where it went: "borrowed reference 'self->st'".
	if (field && !s->syms[v].name && lv->sub[0] &&
	    lv->sub[0]->kind == OL_E_VAR && lv->sub[0]->var &&
	    lv->sub[0]->var->name)
		s->syms[v].name = ol_arena_printf(c->a, "%s->%s",
						  lv->sub[0]->var->name,
						  lv->text);
	store(c, s, lv, v);
	return true;
}

// PyArg_Parse* ("O" gives a borrowed reference) and Py_BuildValue ("N"
// steals, "O" borrows): walks the format units over the variadic
// arguments starting at `first`.
// Returns how many buffer views ("y*", "s*", "z*", "w*") and borrowed
// references ("O") it stored into `acq` (at most `max`): they are
// acquired, or written, only when the call succeeds. A build's "O" and
// "S" arguments go to `nonnull` (at most ACQ_OUT_MAX, counted in
// `*nnonnull`): the call fails when one of them is NULL, so none is once
// it succeeded.
// An "O" unit written into a place typed as a pointer to something that
// is no Python object (pydoop's native handles, passed through the
// argument tuple and read back into `&self->fs`, an `hdfsFS`): the code
// keeps no reference there, whatever the tuple held. (A `void *` place
// may hold an object: still followed.)
static bool parsed_into_non_object(const ol_expr *out)
{
	if (out->kind != OL_E_ADDR || !out->sub[0])
		return false;
	const ol_type *t = &out->sub[0]->type;
	return t->cls == OL_TY_POINTER && t->pointee &&
	       !strstr(t->pointee, "void") && !is_object_pointer(t);
}

unsigned apply_format(ctx *c, state *s, const ol_expr *e,
			     const int *args, const ol_kb_entry *ent, int *acq,
			     unsigned max, int *nonnull, unsigned *nnonnull)
{
	unsigned nacq = 0;
	*nnonnull = 0;
	if (ent->format_arg < 0 || (unsigned)ent->format_arg >= e->nargs)
		return 0;
	const ol_expr *fe = e->args[ent->format_arg];
	if (fe->kind != OL_E_STRING || !fe->text) {
		// A format chosen at run time: which arguments are stolen
		// ("N") or filled is unknown; stop tracking them.
		for (unsigned k = (unsigned)ent->nargs; k < e->nargs; k++) {
			escape(s, args[k]);
			set_out(c, s, args[k], -1);
		}
		return 0;
	}
	unsigned k = (unsigned)ent->nargs; // first variadic argument
	bool parse = ent->format_kind == OL_KB_FORMAT_PARSE;
	bool build = ent->format_kind == OL_KB_FORMAT_BUILD;
	bool optional = false; // past '|' or '$': the unit may be left alone
	for (const char *p = fe->text; *p && k <= e->nargs; p++) {
		char u = *p;
		if (u == '|' || u == '$')
			optional = true;
		// (A parse format ends at ':' or ';', the function's name or
		// error message; in a build format, ':' parts a dict's key
		// from its value: "{s:N}".)
		if ((u == ':' || u == ';') && parse)
			break;
		if (strchr("()[]{},| $!*#&:;", u))
			continue;
		if (u == 'e' && (p[1] == 's' || p[1] == 't')) {
			p++;
			k += 2; // encoding, char **
			if (p[1] == '#') {
				p++;
				k++;
			}
			continue;
		}
		if (u == 'O' || u == 'S' || u == 'U' || u == 'Y' || u == 'N') {
			if (p[1] == '!') { // type object, then the object
				p++;
				k++;
			}
			if (p[1] == '&') { // converter, then its target
				p++;
				if (k + 1 < e->nargs && parse) {
					int old = out_var_old(s, args[k + 1]);
					if (old >= 0)
						escape(s, old);
					set_out(c, s, args[k + 1], -1);
				}
				k += 2;
				continue;
			}
			if (k >= e->nargs)
				break;
			if (parse && parsed_into_non_object(e->args[k])) {
				set_out(c, s, args[k], -1);
			} else if (parse) {
				int v = new_borrowed(c, s, S_POS, NULL,
						     e->loc, false);
				s->syms[v].acq_name = ent->name;
				int tup = e->nargs ? sym_root(s, args[0]) : -1;
				s->syms[v].parsed_from_param =
					tup >= 0 && s->syms[tup].param >= 0;
				s->syms[v].parsed_required = !optional;
				s->syms[v].acq_ev = c->h = hist_add(
					c, c->h, e->loc,
					ol_arena_printf(
						c->a, "borrowed reference "
						"parsed by '%s' (\"%c%s\")",
						ent->name, u,
						*p == '!' ? "!" : ""));
				set_out(c, s, args[k], v);
				// (Past `max`, stored as if on every outcome,
				// and so not certain: no MOJO-BOR-202 for it,
				// no leak of a reference taken on it.)
				bool room = nacq < max;
				if (parsed_into_storage(c, s, e->args[k], v)) {
					if (room)
						acq[nacq++] = v; // on success
					else
						s->syms[v].weak = true;
				} else if (room) {
					// (written only when the call succeeds:
					// after a failure the variable holds no
					// reference the call lent)
					acq[nacq++] = v;
				}
			} else if (build && u == 'N') {
				steal(c, s, args[k], ent->name, e->loc);
			} else if (build) {
				use_check(c, s, args[k], e->loc,
					  ol_arena_printf(c->a,
							  "passed to '%s'",
							  ent->name));
				if (*nnonnull < ACQ_OUT_MAX)
					nonnull[(*nnonnull)++] = args[k];
			}
			k++;
			continue;
		}
		if (p[1] == '*') { // Py_buffer filled on success
			if (parse && k < e->nargs &&
			    s->syms[args[k]].addr_var >= 0 &&
			    nacq < max) {
				int v = new_resource(c, s, OL_SM_BUFFER,
						     S_POS, ent, ent->name,
						     e->loc);
				s->syms[v].acq = NULL; // released by PyBuffer_Release
				set_out(c, s, args[k], v);
				acq[nacq++] = v;
			} else if (parse && k < e->nargs) {
				set_out(c, s, args[k], -1);
			}
			p++;
			k++;
			continue;
		}
		// "s", "y", "u" (and their "#" forms) store a pointer into
		// the object: never NULL once the call succeeded ("z" may).
		if (parse && k < e->nargs)
			set_out(c, s, args[k],
				strchr("syu", u) && !optional ? sym_new(s, S_POS)
							      : -1);
		k++;
		if (p[1] == '#') {
			p++;
			k++;
		}
	}
	return nacq;
}
