/*
 * settable.c — the object fields Python code can reassign.
 *
 * `PyObject_RichCompare(self->wrapped, other, op)` hands the comparison a
 * pointer it holds no reference of its own to. That is safe while nothing
 * can replace `self->wrapped` before the comparison is done with it; but
 * the other operand's `__eq__` is the user's, and if the type lets Python
 * code assign the field (`proxy.__wrapped__ = x`), the setter releases the
 * old object while the comparison still uses it: wrapt's object proxy
 * (testdata/realworld/wrapt-proxy-richcompare.c), the list_richcompare
 * shape with a field for the list item.
 *
 * Which fields Python code can assign is read from the file itself, before
 * any function is analysed: a function the file registers as the `set`
 * of a PyGetSetDef row is a setter, and every `p->field = ...` in it, `p`
 * its first parameter (the object), makes that field of that struct type
 * settable. Py_SETREF/Py_XSETREF expand to such an assignment, so they are
 * seen too. Syntax only, no paths: a setter that assigns the field on one
 * branch makes it settable.
 *
 * Not read (limits, rules/README.md): PyMemberDef rows without READONLY
 * (the interpreter assigns those fields itself, no function of the file
 * does), `tp_setattro` slots and `__init__` (which reassigns fields when
 * called again), and setters defined in another file.
 */
#include "engine_int.h"
#include "../ol.h"

#include <string.h>

static void scan(tu_ctx *tu, const ol_func *fn, const ol_expr *e)
{
	while (e) {
		if (e->kind == OL_E_ASSIGN && e->op == OL_OP_NONE && e->sub[0]) {
			const ol_expr *lhs = e->sub[0];
			const ol_expr *base = lhs->sub[0];
			if (lhs->kind == OL_E_MEMBER && lhs->arrow && lhs->text &&
			    base && base->kind == OL_E_VAR && base->var &&
			    base->var->kind == OL_VAR_PARAM &&
			    base->var->param_index == 0 &&
			    owner_type_of(lhs)) {
				settable_field f = {
					.type = owner_type_of(lhs),
					.field = lhs->text,
					.setter = fn->name,
				};
				OL_VEC_PUSH(&tu->settable, f);
			}
		}
		if (e->fn)
			scan(tu, fn, e->fn);
		for (unsigned k = 0; k < e->nargs; k++)
			scan(tu, fn, e->args[k]);
		if (e->sub[1])
			scan(tu, fn, e->sub[1]);
		e = e->sub[0];
	}
}

void settable_collect(tu_ctx *tu, const ol_func *const *funcs, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const ol_func *fn = funcs[i];
		if (!fn->registered || strcmp(fn->registered, "set") ||
		    !fn->nparams)
			continue;
		for (unsigned b = 0; b < fn->nblocks; b++) {
			const ol_block *blk = fn->blocks[b];
			for (unsigned k = 0; k < blk->nops; k++)
				scan(tu, fn, blk->ops[k].expr);
		}
	}
}

const settable_field *settable_find(const tu_ctx *tu, const char *type,
				    const char *field)
{
	if (!type || !field)
		return NULL;
	for (size_t i = 0; i < tu->settable.len; i++) {
		const settable_field *f = &tu->settable.items[i];
		if (!strcmp(f->type, type) && !strcmp(f->field, field))
			return f;
	}
	return NULL;
}
