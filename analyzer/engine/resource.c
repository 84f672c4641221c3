/*
 * resource.c — the life cycle every resource kind shares.
 *
 *     (untracked) --acquire--> owned --release--> released
 *     owned --stored elsewhere, or handed to code that keeps it--> escaped
 *     released --release--> [MOJO-OWN-104]
 *     owned --released with another family's function--> [MOJO-OWN-111]
 *
 * Here are the steps the knowledge base's effects name (acquire, release,
 * steal, incref), in their generic form. Where a kind behaves otherwise
 * (a reference count, a view whose fields empty on release), its state
 * machine's hook takes the step instead: release() calls `on_release`,
 * steal() `on_steal`, incref() `on_incref` of the value's or the API's
 * kind (sm/<kind>.c).
 *
 * Parameters' entry values also record here what the function did to
 * them (`consumed`, `released`, `owed`), for its summary.
 */
#include "engine_int.h"
#include "../ol.h"

#include <stdlib.h>
#include <string.h>

// "heap memory", "buffer view": what an entry's releases are about.
static const char *kind_noun(const ol_kb_entry *ent)
{
	const ol_sm *m = ol_sm_find(ent->resource);
	return m ? m->noun : ent->resource;
}

// Ownership goes somewhere we do not follow (a field, a global, unknown
// code that may keep it).
void escape(state *s, int i)
{
	i = sym_root(s, i);
	if (i < 0)
		return;
	sym *y = &s->syms[i];
	if (y->rs == R_OWNED)
		y->rs = R_ESCAPED;
}

// A parameter's value is released, stolen or stored while it is still the
// caller's reference (not one this function took with Py_INCREF): the
// function consumes its argument.
void note_consumed(sym *y)
{
	if (y->static_obj)
		return; // Py_None & co. are never freed: nothing is owed
	if (y->rs == R_BORROWED || (y->param >= 0 && y->rs == R_NONE)) {
		y->consumed = true;
		if (y->owed < UINT8_MAX)
			y->owed++;
	}
}

// Stored somewhere that keeps it: a field, a global, an aggregate.
void store_escape(state *s, int i)
{
	i = sym_root(s, i);
	if (i < 0)
		return;
	note_consumed(&s->syms[i]);
	if (s->syms[i].rs == R_BORROWED)
		s->syms[i].handed_over = true;
	escape(s, i);
}

// Value `i`, stored into `p->field` of a parameter p (`y->owe_lhs`, kept
// in that parameter's object) and overwritten there since (zx's
// `run_dispatcher = dispatcher; .. run_dispatcher = nullptr;`): the store
// was undone before the path's end, the object keeps nothing of it
// (eval.c's note_field_store()).
bool store_undone(const state *s, int i)
{
	const sym *y = &s->syms[i];
	return y->store_undone && y->field_stores == 1 && y->kept_in >= 0;
}

// Object `i`, made over native memory it did not own (`over`), now has an
// owner for that memory: a base object (PyArray_SetBaseObject), or itself
// (NPY_ARRAY_OWNDATA), or a field of its own was written and may have
// made one. The memory lives, and dies, with the object.
void memory_given(state *s, int i)
{
	i = sym_root(s, i);
	if (i < 0 || s->syms[i].over < 0)
		return;
	int m = s->syms[i].over;
	s->syms[i].over = -1;
	escape(s, m);
}

// MOJO-OWN-104: released again, after `mark_released`.
void report_double_release(ctx *c, sym *y, const char *api, ol_loc loc)
{
	report(c, OL_CHECK_OWN_DOUBLE, y, loc,
	       ol_arena_printf(c->a, "%s is released twice", describe(c, y)),
	       ol_arena_printf(c->a, "released again by '%s'", api));
	y->rs = R_STOP;
}

void mark_released(ctx *c, sym *y, const char *api, ol_loc loc)
{
	y->rs = R_RELEASED;
	y->rel_ev = c->h = hist_add(
		c, c->h, loc,
		ol_arena_printf(c->a, "released here by '%s'", api));
}

// Releasing a borrow that belongs to a resource of another kind
// (`Py_DECREF(view.obj)`, `free(view.buf)`): the owner's release function
// must do it (MOJO-OWN-111). Returns true when it reported.
static bool release_of_owned_part(ctx *c, state *s, sym *y, const char *api,
				  ol_loc loc)
{
	if (y->owner < 0)
		return false;
	sym *o = &s->syms[y->owner];
	if (o->kind < 0 || sm_of(o)->borrows_are_references ||
	    o->rs != R_OWNED)
		return false;
	report(c, OL_CHECK_OWN_MISMATCH, o, loc,
	       ol_arena_printf(c->a, "'%s' releases part of %s; release the "
			       "whole with its own function%s%s", api,
			       describe(c, o),
			       o->acq && o->acq->nreleases_with ? ": " : "",
			       o->acq && o->acq->nreleases_with
				       ? o->acq->releases_with[0] : ""),
	       ol_arena_printf(c->a, "released by '%s'", api));
	y->owner = -1;
	return true;
}

// `if (result == Py_None) { Py_DECREF(Py_None); ... }`: on a path where
// an owned reference was found equal to a static object, releasing the
// static object releases that reference (they are one object).
static int owned_equal_to_static(const state *s, int i)
{
	if (!s->syms[i].static_obj)
		return i;
	for (unsigned j = 0; j < s->nsyms; j++) {
		const sym *z = &s->syms[j];
		if (z->eq_stat == i && z->rs == R_OWNED && !z->static_obj &&
		    z->base < 0)
			return (int)j;
	}
	return i;
}

void release(ctx *c, state *s, int i, const char *api, ol_loc loc,
		    bool null_ok)
{
	i = sym_root(s, i);
	if (i < 0)
		return;
	i = owned_equal_to_static(s, i);
	sym *y = &s->syms[i];
	if (release_of_owned_part(c, s, y, api, loc))
		return;
	if (y->from_field)
		fact(c, OL_FACT_RELEASE, y->from_type, y->from_field, y, api,
		     loc, y->from_param0, NULL);
	if (y->st_field && y->rs == R_ESCAPED)
		y->st_field = NULL; // stored, then released: a borrowing field
	if (y->signs == S_ZERO)
		return; // releasing NULL: a no-op for the APIs that allow it
	// (The result of a reallocation never tested, released: used as
	// the block, so the old one went with the reallocation. Its failure,
	// which leaks the old block, is not told apart: say less.)
	if (y->lk == L_REALLOC)
		realloc_succeeded(c, s, i, loc);
	if (y->param >= 0 && (y->rs == R_BORROWED || y->rs == R_NONE))
		y->released = true;
	note_consumed(y);
	if (y->rs == R_RELEASED && sm_of(y) && sm_of(y)->rerelease_noop &&
	    c->rel_via >= 0 && c->rel_via == y->rel_var)
		return; // PyBuffer_Release(&view) twice: view.obj is NULL
	if (y->rs == R_RELEASED) {
		report_double_release(c, y, api, loc);
		return;
	}
	if (y->writeback && y->rs == R_OWNED && y->refs <= 1) {
		// MOJO-OWN-111: NumPy's WRITEBACKIFCOPY array is released
		// with PyArray_ResolveWritebackIfCopy (or Discard) first.
		report(c, OL_CHECK_OWN_MISMATCH, y, loc,
		       ol_arena_printf(c->a, "%s was made with "
				       "NPY_ARRAY_WRITEBACKIFCOPY and is "
				       "released by '%s' before "
				       "'PyArray_ResolveWritebackIfCopy' or "
				       "'PyArray_DiscardWritebackIfCopy'",
				       describe(c, y), api),
		       ol_arena_printf(c->a, "released by '%s'", api));
		y->writeback = false;
	}
	const ol_sm *m = sm_of(y);
	if (m && m->on_release)
		m->on_release(c, s, i, api, loc, null_ok);
	else
		release_owned(c, s, i, api, loc, null_ok);
}

bool release_owned(ctx *c, state *s, int i, const char *api, ol_loc loc,
		   bool null_ok)
{
	sym *y = &s->syms[i];
	if (y->rs != R_OWNED)
		return false;
	// `release` (not `release_null_ok`) requires a handle: one whose
	// acquisition may have failed must be tested first.
	if (!null_ok && unchecked(y))
		report_unchecked(c, s, i, loc,
				 ol_arena_printf(c->a, "passed to '%s'", api));
	// A resource's own deleter (DLPack's `m->deleter(m)`) is the right
	// release whatever acquired it (issue 12).
	const ol_kb_entry *rel = c->kb ? ol_kb_lookup(c->kb, api) : NULL;
	if (y->acq && y->acq->nreleases_with && !(rel && rel->own_deleter)) {
		bool ok = false;
		for (size_t k = 0; k < y->acq->nreleases_with; k++)
			if (!strcmp(y->acq->releases_with[k], api))
				ok = true;
		if (!ok) {
			const char *msg = ol_arena_printf(
				c->a, "%s is released with '%s'; use '%s'",
				describe(c, y), api, y->acq->releases_with[0]);
			report(c, OL_CHECK_OWN_MISMATCH, y, loc, msg,
			       ol_arena_printf(c->a, "released by '%s'",
					       api));
			y->rs = R_STOP;
			return false;
		}
	}
	mark_released(c, y, api, loc);
	y->rel_var = c->rel_via;
	return true;
}

// A stealing parameter takes one reference (PyTuple_SetItem & co.).
void steal(ctx *c, state *s, int i, const char *api, ol_loc loc)
{
	i = sym_root(s, i);
	if (i < 0)
		return;
	sym *y = &s->syms[i];
	note_consumed(y);
	if (y->signs == S_ZERO)
		return;
	const ol_sm *m = sm_of(y);
	if ((!m || !m->on_steal) && y->move_to_owner && y->rs == R_OWNED) {
		// Into an owner that releases it (a capsule whose destructor
		// frees it, sm/capsule.c): moved, and a borrow of that owner.
		y->rs = R_MOVED;
		y->rel_ev = c->h = hist_add(
			c, c->h, loc,
			ol_arena_printf(c->a, "handed over here to the object "
					"made by '%s', which releases it",
					api));
		return;
	}
	if (!m || !m->on_steal) {
		escape(s, i); // ownership went where we do not follow
		return;
	}
	m->on_steal(c, s, i, api, loc);
}

// One more reference of `i` (Py_INCREF, Py_NewRef's result), as the
// machine of the API's kind understands it.
void incref(ctx *c, state *s, int kind, int i, const ol_expr *arg,
	    const char *api, ol_loc loc, bool null_ok)
{
	const ol_sm *m = kind >= 0 ? ol_sm_at((size_t)kind) : NULL;
	if (m && m->on_incref)
		m->on_incref(c, s, i, arg, api, loc, null_ok);
}

int new_resource(ctx *c, state *s, int kind, uint8_t signs,
			const ol_kb_entry *acq, const char *api, ol_loc loc)
{
	int r = sym_new(s, signs);
	sym *y = &s->syms[r];
	y->rs = R_OWNED;
	y->refs = 1;
	y->kind = kind;
	y->acq = acq;
	y->acq_name = api;
	const ol_sm *m = ol_sm_at((size_t)kind);
	y->acq_ev = c->h = hist_add(
		c, c->h, loc,
		m->acquire_phrase
			? ol_arena_printf(c->a, "%s '%s'", m->acquire_phrase,
					  api)
			: ol_arena_printf(c->a, "acquired here from '%s' (%s)",
					  api, m->noun));
	return r;
}

int new_borrowed(ctx *c, state *s, uint8_t signs, const char *api,
			ol_loc loc, bool weak)
{
	int r = sym_new(s, signs);
	sym *y = &s->syms[r];
	y->rs = R_BORROWED;
	y->kind = OBJECT_KIND;
	y->weak = weak;
	y->acq_name = api;
	if (api)
		y->acq_ev = c->h = hist_add(
			c, c->h, loc,
			ol_arena_printf(c->a, "borrowed reference returned "
					"by '%s'", api));
	return r;
}

// An object fresh from an allocator (PyObject_New, tp_alloc) whose
// initialization failed may be given back with the matching free
// (PyObject_Del, PyObject_GC_Del) without running its tp_dealloc: the
// documented way to undo PyObject_New, and CPython's own idiom.
static bool object_memory_freed(const sym *y, const char *api)
{
	static const char *const allocators[] = {
		"PyObject_New",       "_PyObject_New",
		"PyObject_NewVar",    "_PyObject_NewVar",
		"PyObject_GC_New",    "_PyObject_GC_New",
		"PyObject_GC_NewVar", "_PyObject_GC_NewVar",
		"PyType_GenericAlloc", "PyTypeObject.tp_alloc",
		"_typeobject.tp_alloc",
	};
	static const char *const frees[] = {
		"PyObject_Del", "PyObject_Free", "PyObject_GC_Del",
		"PyObject_DEL", "PyObject_FREE",
	};
	if (!y->acq)
		return false;
	bool alloc = false, freed = false;
	for (size_t i = 0; i < sizeof allocators / sizeof *allocators; i++)
		alloc |= !strcmp(allocators[i], y->acq->name);
	for (size_t i = 0; i < sizeof frees / sizeof *frees; i++)
		freed |= !strcmp(frees[i], api);
	return alloc && freed;
}

// A release function of one kind given a resource of another
// (`free(h)` on cudaMallocHost memory, `Py_DECREF` on a buffer view):
// MOJO-OWN-111. Returns true when it reported.
bool cross_kind_release(ctx *c, state *s, int a, const ol_kb_entry *ent,
			       const char *api, ol_loc loc)
{
	int r = sym_root(s, a);
	if (r < 0)
		return false;
	sym *y = &s->syms[r];
	if (y->rs != R_OWNED || y->kind < 0 || y->signs == S_ZERO)
		return false;
	// Within one API family the kinds are related by design (a TSS key
	// lives in PyThread_tss_alloc's storage): only across families is
	// it a mismatch.
	if (y->acq && !strcmp(y->acq->family, ent->family))
		return false;
	if (object_memory_freed(y, api)) {
		release(c, s, r, api, loc, true);
		return true;
	}
	const char *want = y->acq && y->acq->nreleases_with
				   ? y->acq->releases_with[0]
				   : NULL;
	report(c, OL_CHECK_OWN_MISMATCH, y, loc,
	       want ? ol_arena_printf(c->a, "%s is released with '%s', which "
				      "releases %s; use '%s'", describe(c, y),
				      api, kind_noun(ent), want)
		    : ol_arena_printf(c->a, "%s is released with '%s', which "
				      "releases %s", describe(c, y), api,
				      kind_noun(ent)),
	       ol_arena_printf(c->a, "released by '%s'", api));
	y->rs = R_STOP;
	return true;
}

// `api` changed container `cont`: borrows from it may have been dropped.
void mutated(ctx *c, state *s, int cont, const char *api, ol_loc loc)
{
	if (cont < 0)
		return;
	for (unsigned i = 0; i < s->nsyms; i++) {
		sym *y = &s->syms[i];
		if (y->owner != cont || y->rs != R_BORROWED || y->stale_ev)
			continue;
		// A step of the borrow's findings (report.c), not a branch
		// shown in every later finding's path.
		if (!c->h || c->h->loc.line != loc.line ||
		    c->h->loc.col != loc.col ||
		    strncmp(c->h->msg, "container changed", 17))
			c->h = hist_add(c, c->h, loc,
					ol_arena_printf(c->a, "container "
							"changed here by "
							"'%s'", api));
		y->stale_ev = c->h;
	}
}
