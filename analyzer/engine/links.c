/*
 * links.c — fields that link objects without holding a reference.
 *
 * An extension may keep its objects in an intrusive list: each object
 * struct embeds `struct link { struct node *prev, *next; }` members, and a
 * helper links a child into its parent's list (py-lmdb's `link_child()`:
 * `parent->children.next = child`). The list holds raw pointers: the child
 * unlinks itself in its own dealloc, and nothing the list holds is ever
 * released through it. Read as a store that keeps the reference, the
 * helper would steal its argument, and the function that made the child
 * and returns it would return a reference it no longer owns.
 *
 * A store is such a link (link_store) when the field is typed as a pointer
 * to the struct of the object that holds it (directly, `n->parent`, or in
 * a struct embedded in it, `n->children.next`), that struct being an
 * object struct other than PyObject, or to a node struct of such a list
 * from another struct (lru-dict's `cache->first = node`, the ends of the
 * list its cache keeps while a dict owns the nodes), and no function of
 * the file releases
 * what the field holds: neither the field as read (`Py_XDECREF(n->next)`,
 * a cast dropped), nor a local that was assigned the field and that the
 * function takes no reference on (`tmp = n->next; ... Py_DECREF(tmp)`,
 * which is also what Py_CLEAR expands to). A field some function releases
 * holds a reference, and storing into it is a take-over as before.
 *
 * Read from the file's CFGs before any function is analysed, by syntax
 * only (no paths). Not seen (rules/README.md): a release through a helper
 * of the file (`node_free(n->next)`), or through a local assigned from
 * another local.
 */
#include "engine_int.h"
#include "../ol.h"

#include <stdlib.h>
#include <string.h>

typedef struct link_scan {
	tu_ctx *tu;
	const ol_func *fn;
	// Per variable of fn: the field it was assigned from (type and
	// name, as owner_type_of() spells the type), and whether fn takes a
	// reference on it.
	const char **from_type, **from_field;
	bool *increfed;
	// fn's released variables, their ids.
	OL_VEC(unsigned) released_vars;
} link_scan;

// The entry that says what call `e` does (a macro's own when it is one).
static const ol_kb_entry *call_entry(const tu_ctx *tu, const ol_expr *e)
{
	if (!tu->kb)
		return NULL;
	if (e->macro) {
		const ol_kb_entry *m = ol_kb_lookup(tu->kb, e->macro);
		if (m && m->macro)
			return m;
	}
	return e->text ? ol_kb_lookup(tu->kb, e->text) : NULL;
}

static bool releases(ol_kb_effect eff)
{
	return eff == OL_KB_ARG_RELEASE || eff == OL_KB_ARG_RELEASE_NULL_OK ||
	       eff == OL_KB_ARG_CLEAR || eff == OL_KB_ARG_REPLACE ||
	       eff == OL_KB_ARG_REPLACE_NULL_OK;
}

static void push_released(tu_ctx *tu, const char *type, const char *field)
{
	if (!type || !field || field_released(tu, type, field))
		return;
	released_field f = {type, field};
	OL_VEC_PUSH(&tu->released_fields, f);
}

static const char *holder_type(const ol_expr *lhs);

static bool is_node_type(const tu_ctx *tu, const char *type)
{
	for (size_t i = 0; type && i < tu->node_types.len; i++)
		if (!strcmp(tu->node_types.items[i], type))
			return true;
	return false;
}

// `n->next = m` with the field typed as a pointer to n's own object
// struct: that struct is a list node's.
static void note_self_link(tu_ctx *tu, const ol_expr *lhs)
{
	if (lhs->kind != OL_E_MEMBER || lhs->type.cls != OL_TY_POINTER ||
	    !lhs->type.object || is_pyobj(&lhs->type) || !lhs->type.pointee)
		return;
	const char *holder = holder_type(lhs);
	if (holder && !strcmp(holder, lhs->type.pointee) &&
	    !is_node_type(tu, holder))
		OL_VEC_PUSH(&tu->node_types, holder);
}

static void scan(link_scan *ls, const ol_expr *e)
{
	while (e) {
		if (e->kind == OL_E_ASSIGN && e->op == OL_OP_NONE && e->sub[0])
			note_self_link(ls->tu, e->sub[0]);
		if (e->kind == OL_E_ASSIGN && e->op == OL_OP_NONE && e->sub[0] &&
		    e->sub[0]->kind == OL_E_VAR && e->sub[0]->var &&
		    e->sub[1] && e->sub[1]->kind == OL_E_MEMBER &&
		    e->sub[1]->text) {
			unsigned id = e->sub[0]->var->id;
			ls->from_type[id] = owner_type_of(e->sub[1]);
			ls->from_field[id] = e->sub[1]->text;
		}
		const ol_kb_entry *k =
			e->kind == OL_E_CALL ? call_entry(ls->tu, e) : NULL;
		for (unsigned a = 0; k && a < e->nargs; a++) {
			const ol_expr *x = e->args[a];
			ol_kb_effect eff = ol_kb_arg_effect(k, a);
			if (x->kind == OL_E_ADDR && x->sub[0])
				x = x->sub[0]; // Py_CLEAR(&p->f) written out
			if (releases(eff) && x->kind == OL_E_MEMBER)
				push_released(ls->tu, owner_type_of(x),
					      x->text);
			else if (releases(eff) && x->kind == OL_E_VAR && x->var)
				OL_VEC_PUSH(&ls->released_vars, x->var->id);
			else if ((eff == OL_KB_ARG_INCREF ||
				  eff == OL_KB_ARG_INCREF_NULL_OK) &&
				 x->kind == OL_E_VAR && x->var)
				ls->increfed[x->var->id] = true;
		}
		if (e->fn)
			scan(ls, e->fn);
		for (unsigned a = 0; a < e->nargs; a++)
			scan(ls, e->args[a]);
		if (e->sub[1])
			scan(ls, e->sub[1]);
		e = e->sub[0];
	}
}

void links_collect(tu_ctx *tu)
{
	link_scan ls = {.tu = tu};
	for (size_t i = 0; i < tu->nsums; i++) {
		const ol_func *fn = ls.fn = tu->sums[i].fn;
		size_t nv = fn->nvars + 1;
		ls.from_type = ol_xcalloc(nv, sizeof *ls.from_type);
		ls.from_field = ol_xcalloc(nv, sizeof *ls.from_field);
		ls.increfed = ol_xcalloc(nv, sizeof *ls.increfed);
		ls.released_vars.len = 0;
		for (unsigned b = 0; b < fn->nblocks; b++) {
			const ol_block *blk = fn->blocks[b];
			for (unsigned k = 0; k < blk->nops; k++)
				scan(&ls, blk->ops[k].expr);
			scan(&ls, blk->cond);
		}
		for (size_t k = 0; k < ls.released_vars.len; k++) {
			unsigned id = ls.released_vars.items[k];
			if (!ls.increfed[id])
				push_released(tu, ls.from_type[id],
					      ls.from_field[id]);
		}
		free(ls.from_type);
		free(ls.from_field);
		free(ls.increfed);
	}
	OL_VEC_FREE(&ls.released_vars);
}

// The object struct whose field `lhs` is: the pointee of the first `->`
// on the way down (`n->children.next`: n's struct).
static const char *holder_type(const ol_expr *lhs)
{
	while (lhs && lhs->kind == OL_E_MEMBER && !lhs->arrow)
		lhs = lhs->sub[0];
	if (!lhs || lhs->kind != OL_E_MEMBER || !lhs->sub[0])
		return NULL;
	return lhs->sub[0]->type.pointee;
}

// Whether some function of the file releases what `type`'s `field` holds
// (`Py_CLEAR(writer->buffer)`): a reference stored there is the field's.
bool field_released(const tu_ctx *tu, const char *type, const char *field)
{
	for (size_t i = 0; tu && type && field &&
			   i < tu->released_fields.len; i++)
		if (!strcmp(tu->released_fields.items[i].type, type) &&
		    !strcmp(tu->released_fields.items[i].field, field))
			return true;
	return false;
}

bool link_store(const tu_ctx *tu, const ol_expr *lhs)
{
	if (!tu || lhs->kind != OL_E_MEMBER || !lhs->text ||
	    lhs->type.cls != OL_TY_POINTER || !lhs->type.object ||
	    is_pyobj(&lhs->type) || !lhs->type.pointee)
		return false;
	// (A link to a node of its own kind, `n->next`; or to a list's node
	// from another struct, the list's ends in its container: lru-dict's
	// `cache->first = node`.)
	const char *holder = holder_type(lhs);
	if (!holder || (strcmp(holder, lhs->type.pointee) &&
			!is_node_type(tu, lhs->type.pointee)))
		return false;
	const char *type = owner_type_of(lhs);
	return type && !field_released(tu, type, lhs->text);
}
