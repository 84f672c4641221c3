/*
 * fnptr.c — function-pointer fields the file fills with known APIs.
 *
 * An extension may call the C API through a table of its own: pyRXP's
 * parser keeps `int (*SetItem)(PyObject *, Py_ssize_t, PyObject *)` in a
 * struct, sets it to PyList_SetItem or PyTuple_SetItem by the kind of
 * node it builds, and calls `pd->SetItem(t, 0, name)` everywhere. Read as
 * a call of unknown code, the call steals nothing, and every reference
 * handed to it would leak.
 *
 * So, before any function is analysed, the file's CFGs are read for the
 * stores into such a field (`cb.SetItem = PyTuple_SetItem`, `pd->Node_New
 * = PyList_New`; a cast dropped, NULL ignored): a field that only ever
 * receives APIs of the knowledge base which do the same to their
 * arguments and result (the same effect on each argument, the same kind
 * of result, failing alike; a container one changes and another only
 * borrows, changed) is called as one of them
 * (fnptr_field_entry(), asked by call.c for a call through a field that
 * no rules entry names). A field that also receives anything else (a
 * function of the file, a parameter, APIs that differ) stays unknown.
 *
 * Not seen (rules/README.md): a table filled by a static initializer
 * (`{.SetItem = PyList_SetItem}`), or through a pointer to the field.
 */
#include "engine_int.h"

#include <string.h>

// Whether two entries do the same to a call's arguments and result: a
// container one changes and the other only borrows counts as the same
// (PyList_SetItem's list, PyTuple_SetItem's tuple), the change kept.
// `*more`: b says more (it changes the container).
static bool same_effects(const ol_kb_entry *a, const ol_kb_entry *b,
			 bool *more)
{
	*more = false;
	if (a == b)
		return true;
	if (a->nargs != b->nargs || a->ret != b->ret ||
	    a->fails_when.cmp != b->fails_when.cmp ||
	    a->fails_when.is_null != b->fails_when.is_null ||
	    a->returns_arg != b->returns_arg)
		return false;
	for (size_t k = 0; k < a->nargs; k++) {
		ol_kb_effect x = ol_kb_arg_effect(a, k);
		ol_kb_effect y = ol_kb_arg_effect(b, k);
		if (x == y)
			continue;
		if (x == OL_KB_ARG_BORROW && y == OL_KB_ARG_MUTATE)
			*more = true;
		else if (!(x == OL_KB_ARG_MUTATE && y == OL_KB_ARG_BORROW))
			return false;
	}
	return true;
}

static fnptr_field *find(tu_ctx *tu, const char *type, const char *field)
{
	for (size_t i = 0; i < tu->fnptr_fields.len; i++) {
		fnptr_field *f = &tu->fnptr_fields.items[i];
		if (!strcmp(f->type, type) && !strcmp(f->field, field))
			return f;
	}
	return NULL;
}

// One store `lhs = rhs` into a field.
static void note_store(tu_ctx *tu, const ol_expr *lhs, const ol_expr *rhs)
{
	const char *type = owner_type_of(lhs);
	if (!type || !lhs->text || lhs->type.cls != OL_TY_POINTER)
		return;
	rhs = strip_casts(rhs);
	if (rhs->kind == OL_E_NULL ||
	    (rhs->kind == OL_E_INT && rhs->ival == 0))
		return; // (no call through it)
	const ol_kb_entry *ent =
		rhs->kind == OL_E_FUNCREF && rhs->text && tu->kb
			? ol_kb_lookup(tu->kb, rhs->text)
			: NULL;
	fnptr_field *f = find(tu, type, lhs->text);
	if (!f) {
		fnptr_field nf = {type, lhs->text, ent, !ent};
		OL_VEC_PUSH(&tu->fnptr_fields, nf);
		return;
	}
	bool more = false;
	if (!ent || !f->entry || !same_effects(f->entry, ent, &more))
		f->mixed = true;
	else if (more)
		f->entry = ent;
}

static void scan(tu_ctx *tu, const ol_expr *e)
{
	if (!e)
		return;
	if (e->kind == OL_E_ASSIGN && e->op == OL_OP_NONE && e->sub[0] &&
	    e->sub[0]->kind == OL_E_MEMBER && e->sub[1])
		note_store(tu, e->sub[0], e->sub[1]);
	expr_each_operand(tu, e, scan);
}

void fnptr_collect(tu_ctx *tu)
{
	tu_each_expr(tu, scan);
}

const ol_kb_entry *fnptr_field_entry(const tu_ctx *tu, const char *type,
				     const char *field)
{
	for (size_t i = 0; tu && i < tu->fnptr_fields.len; i++) {
		const fnptr_field *f = &tu->fnptr_fields.items[i];
		if (!strcmp(f->type, type) && !strcmp(f->field, field))
			return f->mixed ? NULL : f->entry;
	}
	return NULL;
}
