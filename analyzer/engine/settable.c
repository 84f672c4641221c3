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
 * The same holds for a pointer read from such a field into a local and
 * used after a call that runs the user's code: lru-dict's
 * `Node *n = self->last`, then the eviction callback, which may call the
 * LRU's own methods, which unlink and free that node
 * (testdata/realworld/lru-dict-evict-callback.c).
 *
 * Which fields Python code can assign is read from the file itself, before
 * any function is analysed, by syntax only (no paths: a function that
 * assigns a field on one branch makes it assignable):
 *   - by a setter: a function the file registers as the `set` of a
 *     PyGetSetDef row assigns `p->field`, `p` its first parameter (the
 *     object). Py_SETREF/Py_XSETREF/Py_CLEAR expand to such an
 *     assignment, so they are seen too. These are the fields the operand
 *     rule reads (settable_find).
 *   - from Python: a function Python code can call on a live object (a
 *     method, a getter or setter, any type slot but allocation,
 *     initialization and teardown), or one the file's functions reach from
 *     such a function through calls, assigns `p->field` of an object
 *     pointer type, `p` any of its parameters. The kept-across rule reads
 *     these (mutable_field_find).
 *
 * Integer fields too, for the rule that keeps what a test learned of
 * one across a call (eval.c's unassigned_int_read(): kore's `switch
 * (op->type)` and, after calls that run code, `if (op->type ==
 * PYSOCKET_TYPE_RECVFROM)`): here every function of the file counts, not
 * only those Python code reaches, since code in C may call them between
 * the two tests; any assignment (`=`, `+=`, `++`) through a pointer but
 * a local the function fills with an allocator's result (the object it
 * makes, `op = PyObject_New(..); op->type = type;`), or the field's
 * address taken, makes the field changeable (int_fields_collect(),
 * int_field_changed()).
 *
 * Not read (limits, rules/README.md): PyMemberDef rows without READONLY
 * (the interpreter assigns those fields itself, no function of the file
 * does), `__init__` (which reassigns fields when called again), fields
 * assigned through a local pointer rather than a parameter, and functions
 * defined in another file.
 */
#include "engine_int.h"
#include "../ol.h"

#include <stdlib.h>
#include <string.h>

// Slots the interpreter calls only to make, set up or tear down an object
// (no Python code holds the object then, or it calls them once), and the
// module's own hooks: not ways for Python code to change a live object.
static bool python_callable(const char *role)
{
	static const char *const not_callable[] = {
		"tp_dealloc", "tp_free",     "tp_del",   "tp_finalize",
		"tp_clear",   "tp_traverse", "tp_new",   "tp_init",
		"tp_alloc",   "tp_is_gc",    "m_traverse", "m_clear",
		"m_free",
	};
	// Include/typeslots.h numbers of the same slots.
	static const long not_callable_slots[] = {47, 51, 52, 53, 60,
						  61, 65, 71, 74, 80};
	if (!role || !strncmp(role, "Py_mod_slot", 11))
		return false;
	for (size_t i = 0; i < sizeof not_callable / sizeof *not_callable; i++)
		if (!strcmp(role, not_callable[i]))
			return false;
	if (!strncmp(role, "Py_tp_slot ", 11)) {
		long id = strtol(role + 11, NULL, 10);
		for (size_t i = 0; i < sizeof not_callable_slots /
					       sizeof *not_callable_slots;
		     i++)
			if (id == not_callable_slots[i])
				return false;
	}
	return true;
}

typedef struct scan_ctx {
	tu_ctx *tu;
	const ol_func *fn;
	const char *via;    // the function Python code calls to get here
	bool setter;        // fn is a registered setter
	const char **reach; // per summary: `via` once reached, else NULL
	size_t *todo;
	size_t ntodo;
	bool integer;       // collecting integer fields (int_fields_collect)
} scan_ctx;

// `rhs` is a call given the field it replaces (`self->xy =
// realloc(self->xy, n)`): the old block may be freed, or moved.
static bool resized_in_place(const ol_expr *lhs, const ol_expr *rhs)
{
	if (!rhs || rhs->kind != OL_E_CALL || lhs->type.cls != OL_TY_POINTER)
		return false;
	for (unsigned k = 0; k < rhs->nargs; k++) {
		const ol_expr *a = rhs->args[k];
		if (a->kind == OL_E_MEMBER && a->arrow && a->text &&
		    !strcmp(a->text, lhs->text) && a->sub[0] &&
		    a->sub[0]->kind == OL_E_VAR &&
		    a->sub[0]->var == lhs->sub[0]->var)
			return true;
	}
	return false;
}

// Records that the function being scanned changes `type`'s `field` (its
// items, for `storage`).
static void push_field(scan_ctx *sc, const char *type, const char *field,
		       bool by_setter, bool storage)
{
	settable_field f = {
		.type = type,
		.field = field,
		.assigner = sc->fn->name,
		.via = sc->via,
		.by_setter = by_setter,
		.storage = storage,
		.integer = sc->integer,
	};
	OL_VEC_PUSH(&sc->tu->settable, f);
}

// `p->field = rhs`, outside a setter: of a field that points to an object,
// not when `rhs` is a call (that is how a field is filled the first time,
// `if (f->f_locals == NULL) f->f_locals = PyDict_New();`, a state's
// interned strings, which drops nothing, and syntax alone cannot tell it
// from a replacement); of any pointer field, a call that resizes it.
static void record(scan_ctx *sc, const ol_expr *lhs, const ol_var *p,
		   const ol_expr *rhs)
{
	const char *type = owner_type_of(lhs);
	bool by_setter = sc->setter && p->param_index == 0;
	bool replaced = resized_in_place(lhs, rhs) ||
			(is_object_pointer(&lhs->type) &&
			 !(rhs && rhs->kind == OL_E_CALL));
	if (!type)
		return;
	if (by_setter || replaced) {
		push_field(sc, type, lhs->text, by_setter, false);
		return;
	}
	// A link to storage the object owns replaced (`self->head =
	// node->next`, `self->items = NULL`): what was reached through it
	// may be freed.
	if (lhs->type.cls == OL_TY_POINTER && !lhs->type.object && rhs &&
	    rhs->kind != OL_E_CALL)
		push_field(sc, type, lhs->text, false, true);
}

// `p->items[i] = rhs` (Py_SETREF and Py_CLEAR of an item expand to it):
// the items of the array an object owns change; a pointer to an item read
// before may be freed.
static void record_item(scan_ctx *sc, const ol_expr *lhs)
{
	const ol_expr *arr = lhs->sub[0];
	if (!is_object_pointer(&lhs->type) || !arr ||
	    arr->kind != OL_E_MEMBER || !arr->arrow || !arr->text ||
	    !arr->sub[0] || arr->sub[0]->kind != OL_E_VAR ||
	    !arr->sub[0]->var || arr->sub[0]->var->kind != OL_VAR_PARAM)
		return;
	const char *type = owner_type_of(arr);
	if (type)
		push_field(sc, type, arr->text, false, true);
}

// The file's functions that `name` names, reached from `sc->via`.
static void reach_named(scan_ctx *sc, const char *name)
{
	size_t first, n = summaries_named(sc->tu, name, &first);
	for (size_t k = first; k < first + n; k++) {
		size_t i = sc->tu->by_name[k].index;
		if (sc->reach[i])
			continue;
		sc->reach[i] = sc->via;
		sc->todo[sc->ntodo++] = i;
	}
}

static void scan(scan_ctx *sc, const ol_expr *e)
{
	while (e) {
		if (e->kind == OL_E_ASSIGN && e->op == OL_OP_NONE && e->sub[0]) {
			const ol_expr *lhs = e->sub[0];
			const ol_expr *base = lhs->sub[0];
			if (lhs->kind == OL_E_MEMBER && lhs->arrow && lhs->text &&
			    base && base->kind == OL_E_VAR && base->var &&
			    base->var->kind == OL_VAR_PARAM)
				record(sc, lhs, base->var, e->sub[1]);
			if (lhs->kind == OL_E_INDEX)
				record_item(sc, lhs);
		}
		if ((e->kind == OL_E_CALL || e->kind == OL_E_FUNCREF) &&
		    e->text)
			reach_named(sc, e->text);
		if (e->fn)
			scan(sc, e->fn);
		for (unsigned k = 0; k < e->nargs; k++)
			scan(sc, e->args[k]);
		if (e->sub[1])
			scan(sc, e->sub[1]);
		e = e->sub[0];
	}
}

// Whether every value local `v` is given in the function is what an
// allocator returns (a call the rules say makes a new object or block:
// `op = PyObject_New(..)`, `p = malloc(..)`): an object the function
// makes, whose fields it fills before anyone else sees it.
static bool made_here(const tu_ctx *tu, const ol_func *fn, const ol_var *v)
{
	unsigned made = 0;
	for (unsigned b = 0; b < fn->nblocks; b++)
		for (unsigned k = 0; k < fn->blocks[b]->nops; k++) {
			const ol_expr *e = fn->blocks[b]->ops[k].expr;
			if (!e || e->kind != OL_E_ASSIGN || !e->sub[0] ||
			    e->sub[0]->kind != OL_E_VAR || e->sub[0]->var != v)
				continue;
			const ol_expr *r = strip_casts(e->sub[1]);
			const ol_kb_entry *ent =
				r && r->kind == OL_E_CALL && r->text
					? ol_kb_lookup(tu->kb, r->text)
					: NULL;
			if (!ent || (ent->ret != OL_KB_RET_NEW &&
				     ent->ret != OL_KB_RET_ACQUIRE))
				return false;
			made++;
		}
	return made > 0;
}

// `lhs`, an integer field reached through a pointer (`p->n`, `g->n`), but
// for an object the function makes itself: recorded as changeable.
static void record_int_field(scan_ctx *sc, const ol_expr *lhs)
{
	if (!lhs || lhs->kind != OL_E_MEMBER || !lhs->arrow || !lhs->text ||
	    lhs->type.cls != OL_TY_INT)
		return;
	const ol_expr *base = strip_casts(lhs->sub[0]);
	if (base && base->kind == OL_E_VAR && base->var &&
	    base->var->kind == OL_VAR_LOCAL &&
	    made_here(sc->tu, sc->fn, base->var))
		return;
	const char *type = owner_type_of(lhs);
	if (type)
		push_field(sc, type, lhs->text, false, false);
}

// Each operation and condition of `sc->fn`, given to `each`.
static void scan_blocks(scan_ctx *sc,
			void (*each)(scan_ctx *, const ol_expr *))
{
	for (unsigned b = 0; b < sc->fn->nblocks; b++) {
		const ol_block *blk = sc->fn->blocks[b];
		for (unsigned k = 0; k < blk->nops; k++)
			each(sc, blk->ops[k].expr);
		each(sc, blk->cond);
	}
}

static void scan_int_fields(scan_ctx *sc, const ol_expr *e)
{
	while (e) {
		if (e->kind == OL_E_ASSIGN ||
		    (e->kind == OL_E_UNARY &&
		     (e->op == OL_OP_PREINC || e->op == OL_OP_PREDEC ||
		      e->op == OL_OP_POSTINC || e->op == OL_OP_POSTDEC)) ||
		    e->kind == OL_E_ADDR)
			record_int_field(sc, e->sub[0]);
		if (e->fn)
			scan_int_fields(sc, e->fn);
		for (unsigned k = 0; k < e->nargs; k++)
			scan_int_fields(sc, e->args[k]);
		if (e->sub[1])
			scan_int_fields(sc, e->sub[1]);
		e = e->sub[0];
	}
}

static void int_fields_collect(tu_ctx *tu)
{
	scan_ctx sc = {.tu = tu, .integer = true};
	for (size_t i = 0; i < tu->nsums; i++) {
		sc.fn = tu->sums[i].fn;
		sc.via = sc.fn->name;
		scan_blocks(&sc, scan_int_fields);
	}
}

void settable_collect(tu_ctx *tu)
{
	int_fields_collect(tu);
	scan_ctx sc = {.tu = tu};
	sc.reach = ol_xcalloc(tu->nsums + 1, sizeof *sc.reach);
	sc.todo = ol_xmalloc((tu->nsums + 1) * sizeof *sc.todo);
	for (size_t i = 0; i < tu->nsums; i++) {
		const ol_func *fn = tu->sums[i].fn;
		if (fn->nparams && python_callable(fn->registered)) {
			sc.reach[i] = fn->name;
			sc.todo[sc.ntodo++] = i;
		}
	}
	// Each function once, from the first entry that reaches it.
	while (sc.ntodo) {
		size_t i = sc.todo[--sc.ntodo];
		sc.fn = tu->sums[i].fn;
		sc.via = sc.reach[i];
		sc.setter = sc.fn->registered &&
			    !strcmp(sc.fn->registered, "set");
		scan_blocks(&sc, scan);
	}
	free(sc.reach);
	free(sc.todo);
}

// `items`: a change of the array's items counts (else only of the field).
static const settable_field *find(const tu_ctx *tu, const char *type,
				  const char *field, bool by_setter,
				  bool items)
{
	if (!type || !field)
		return NULL;
	for (size_t i = 0; i < tu->settable.len; i++) {
		const settable_field *f = &tu->settable.items[i];
		if (!f->integer && (f->by_setter || !by_setter) &&
		    (items || !f->storage) && !strcmp(f->type, type) &&
		    !strcmp(f->field, field))
			return f;
	}
	return NULL;
}

bool int_field_changed(const tu_ctx *tu, const char *type, const char *field)
{
	for (size_t i = 0; type && field && i < tu->settable.len; i++) {
		const settable_field *f = &tu->settable.items[i];
		if (f->integer && !strcmp(f->type, type) &&
		    !strcmp(f->field, field))
			return true;
	}
	return false;
}

const settable_field *settable_find(const tu_ctx *tu, const char *type,
				    const char *field)
{
	return find(tu, type, field, true, false);
}

const settable_field *mutable_field_find(const tu_ctx *tu, const char *type,
					 const char *field)
{
	return find(tu, type, field, false, false);
}

const settable_field *storage_change_find(const tu_ctx *tu, const char *type,
					  const char *field)
{
	return find(tu, type, field, false, true);
}
