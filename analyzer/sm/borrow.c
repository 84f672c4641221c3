/*
 * borrow.c — whether a borrowed reference is still valid after a call
 * that can run Python code (MOJO-BOR-206), for the `pyref` kind.
 *
 * A borrow from a container (a list or dict item, a PyDict_Next value, a
 * weak reference's object) is valid only while the container holds the
 * item. Code of the user's — a `__eq__` called by a comparison, a
 * `__hash__`, a `__repr__`, a callback, the `__del__` of an object whose
 * last reference is dropped — can clear the container meanwhile, and the
 * item with it. So a borrow is a small state machine of its own:
 *
 *   valid --call that may run Python code, container reachable--> invalid
 *   valid --the container's own mutation (engine: mutated())--> stale
 *   invalid/stale --Py_INCREF/Py_NewRef--> owned (valid again: a strong
 *       reference of our own)
 *   invalid --passed, returned, stored, dereferenced--> [MOJO-BOR-206]
 *   stale --the same--> [MOJO-BOR-207]
 *   valid --passed INTO a call that may run Python code, container
 *       reachable--> [MOJO-BOR-206] (the list_richcompare shape: the
 *       callee's own `__eq__` may free the item it is comparing)
 *
 * Which calls run code is data: the knowledge base's `runs_python`, with
 * its written exceptions `runs_python_via` (the call runs code only through
 * the type slots of some arguments: none when each is of an exact builtin
 * type, known from a constructor flagged `exact_result` or a static
 * object). The file's own functions carry the flag in their summaries: a
 * function that calls a code-running call runs code. A callee the tool
 * knows nothing of is taken not to run code (precision first: a known
 * limit, rules/README.md).
 *
 * A container is reachable from Python code when it came from outside
 * (a parameter, a field, a global, an object a code-running call
 * returned, which may be an argument itself: PySequence_Fast) or was let
 * out (stored, stolen); a fresh object made by a constructor here is
 * private until then, and no code can change it. Tuples and the other
 * `stable_borrow` results never change while they live.
 *
 * The release of an object whose finaliser may run code (pyref.c's
 * Py_DECREF) invalidates borrows the same way, with its own message.
 */
#include "borrow.h"
#include "../engine/engine_int.h"

#include <string.h>

// A function CPython calls through a table with the positional tuple
// and the keywords dict of one call (a METH_VARARGS|METH_KEYWORDS method,
// tp_new, tp_init, tp_call, also as PyType_Slot numbers 65, 60, 50). Or a
// function of external linkage that no table of the file names, whose
// parameters are called `args` and `kwds` (kwargs, kw): by convention a
// generated wrapper's helper, handed that wrapper's own call's arguments
// (PyQt's `qpycore_pyqtconfigure(self, args, kwds)`, which sip calls).
static bool gets_call_arguments(const ol_func *fn)
{
	if (fn->nparams != 3 || !is_object_pointer(&fn->vars[1]->type) ||
	    !is_object_pointer(&fn->vars[2]->type))
		return false;
	const char *role = fn->registered;
	if (role)
		return !strcmp(role, "ml_meth") || strstr(role, "tp_new") ||
		       strstr(role, "tp_init") || strstr(role, "tp_call") ||
		       !strcmp(role, "Py_tp_slot 50") ||
		       !strcmp(role, "Py_tp_slot 60") ||
		       !strcmp(role, "Py_tp_slot 65");
	const char *a = fn->vars[1]->name, *k = fn->vars[2]->name;
	return !fn->is_static && a && k && !strcmp(a, "args") &&
	       (!strcmp(k, "kwds") || !strcmp(k, "kwargs") ||
		!strcmp(k, "kw"));
}

// The keywords dict of such a call: a call from Python code builds a
// fresh dict (`f(**d)` copies d), so no Python code holds it.
static bool per_call_keywords(const ctx *c, const sym *o)
{
	return o->param == 2 && gets_call_arguments(c->fn);
}

// Its positional arguments: a tuple, whose items no Python code can
// change, however it is read (PyGLM's `PyTuple_Check(o) ?
// PyTuple_GET_ITEM(o, i) : PyList_GET_ITEM(o, i)`).
static bool per_call_args(const ctx *c, const sym *o)
{
	return o->param == 1 && gets_call_arguments(c->fn);
}

// Python code can reach (and change) container `o`.
static bool reachable_from_python(const ctx *c, const sym *o)
{
	if (per_call_keywords(c, o) || per_call_args(c, o))
		return false;
	switch (o->rs) {
	case R_OWNED:
		// A new object made here is ours alone; one that a call
		// running code returned may be shared (PySequence_Fast
		// returns a list argument itself), and one we took a
		// reference to was someone's first.
		return o->borrowed_base ||
		       (o->acq && o->acq->runs_python &&
			!o->acq->exact_result);
	case R_RELEASED:
	case R_STOP:
		return false;
	default:
		return true;
	}
}

// `y` is a borrow whose validity depends on its container's contents.
static bool container_borrow(const ctx *c, const state *s, const sym *y)
{
	return y->rs == R_BORROWED && y->owner >= 0 && !y->static_obj &&
	       y->kind == OL_SM_PYREF && !(y->acq && y->acq->stable_borrow) &&
	       reachable_from_python(c, &s->syms[y->owner]);
}

// The object `a` is of an exact builtin type: no method of the user's.
bool ol_borrow_exact_builtin(const state *s, int a)
{
	a = sym_root(s, a);
	return a >= 0 && (s->syms[a].static_obj || s->syms[a].exact_builtin);
}

// The literal format of a printf-like call (PyUnicode_FromFormat,
// PyErr_Format), or NULL.
static const char *printf_format(const ol_kb_entry *ent, const ol_expr *e)
{
	if (!e || ent->format_kind != OL_KB_FORMAT_PRINTF ||
	    ent->format_arg < 0 || (unsigned)ent->format_arg >= e->nargs)
		return NULL;
	const ol_expr *f = e->args[ent->format_arg];
	return f->kind == OL_E_STRING ? f->text : NULL;
}

// The next conversion of a printf-like format from `p`: its letter in
// `*conv` (0 at the end of the format), the arguments its `*` width and
// precision take in `*stars`; returns where the walk goes on. `%%` is
// skipped.
static const char *printf_unit(const char *p, char *conv, unsigned *stars)
{
	*conv = 0;
	*stars = 0;
	for (p = strchr(p, '%'); p && p[1] == '%'; p = strchr(p + 2, '%'))
		;
	if (!p)
		return NULL;
	p += 1 + strspn(p + 1, "-+ #0");
	for (; *p == '*' || *p == '.' || (*p >= '0' && *p <= '9'); p++)
		*stars += *p == '*';
	p += strspn(p, "lzthj");
	*conv = *p;
	return *p ? p + 1 : NULL;
}

// A printf-like format written out without %R, %S or %A calls no repr()
// or str() of the user's.
static bool format_runs_nothing(const ol_kb_entry *ent, const ol_expr *e)
{
	const char *p = printf_format(ent, e);
	if (!p)
		return false;
	char conv;
	unsigned stars;
	while ((p = printf_unit(p, &conv, &stars)))
		if (conv == 'R' || conv == 'S' || conv == 'A')
			return false;
	return true;
}

// `PyTuple_SetItem(t, i, v)` into a tuple or list this function made with
// its length (`PyTuple_New(2)`) and still holds alone: the slot is empty,
// so nothing is released and no `__del__` runs (pyarrow's TypeInferrer
// filling a new tuple, C++ round 70). Setting one slot twice is not
// followed.
static bool fills_fresh_container(const state *s, const ol_kb_entry *ent,
				  const int *args, unsigned nargs)
{
	if (!ent->in_range_cont1 || (unsigned)ent->in_range_cont1 > nargs)
		return false;
	int o = sym_root((state *)s, args[ent->in_range_cont1 - 1]);
	return o >= 0 && made_sized_alone(&s->syms[o]);
}

bool ol_borrow_call_runs_python(const state *s, const ol_kb_entry *ent,
				const ol_expr *e, const int *args)
{
	unsigned nargs = e ? e->nargs : 0;
	// Another file's function (a contract) is taken to run none, as an
	// unknown one is: what its body reaches depends on the run.
	if (!ent || !ent->runs_python || format_runs_nothing(ent, e) ||
	    !strcmp(ent->family, "contract") ||
	    (args && fills_fresh_container(s, ent, args, nargs)))
		return false;
	if (!strcmp(ent->family, "summary"))
		return summary_runs_code(ent);
	if (!ent->runs_via_known)
		return true;
	for (unsigned k = 0; k < ent->nruns_via; k++) {
		unsigned i = (unsigned)ent->runs_via[k];
		if (i < nargs && !ol_borrow_exact_builtin(s, args[i]))
			return true;
	}
	return false;
}

// What `api` may call, for messages ("a user `__eq__`"). Words only: which
// calls run code is the knowledge base's.
static const char *what_runs(const state *s, const char *api,
			     unsigned nargs, const int *args)
{
	static const char *const cmp_ops[] = {
		"a user `__lt__`", "a user `__le__`", "a user `__eq__`",
		"a user `__ne__`", "a user `__gt__`", "a user `__ge__`",
	};
	static const struct {
		const char *part, *what;
	} words[] = {
		{"RichCompare", NULL}, {"Hash", "a user `__hash__`"},
		{"Repr", "a user `__repr__`"}, {"_Str", "a user `__str__`"},
		{"ASCII", "a user `__repr__`"},
		{"Call", "the called object"}, {"Vectorcall", "the called object"},
		{"GetAttr", "a user `__getattr__` or property"},
		{"SetAttr", "a user `__setattr__`"},
		{"GetItem", "a user `__hash__`, `__eq__` or `__getitem__`"},
		{"SetItem", "a user `__setitem__` or `__del__`"},
		{"DelItem", "a user `__delitem__` or `__del__`"},
		{"Iter_Next", "a user `__next__`"}, {"GetIter", "a user `__iter__`"},
		{"PyNumber_Index", "a user `__index__`"},
		{"PyNumber_", "a user arithmetic method"},
		{"PyLong_As", "a user `__index__`"},
		{"IsTrue", "a user `__bool__`"}, {"Length", "a user `__len__`"},
		{"Size", "a user `__len__`"}, {"Contains", "a user `__eq__`"},
		{"Compare", "a user `__eq__`"},
	};
	if (strstr(api, "RichCompare")) {
		int op = nargs >= 3 ? sym_root(s, args[2]) : -1;
		if (op >= 0 && s->syms[op].has_val && s->syms[op].val >= 0 &&
		    s->syms[op].val < 6)
			return cmp_ops[s->syms[op].val];
		return "a user comparison method";
	}
	for (size_t i = 0; i < sizeof words / sizeof *words; i++)
		if (words[i].what && strstr(api, words[i].part))
			return words[i].what;
	return "Python code";
}

// How a message names container `o`: 'self->items', 'list', or NULL.
static const char *container_name(ctx *c, const sym *o)
{
	if (o->from_field && o->from_param0 && c->fn->nparams &&
	    c->fn->vars[0]->name)
		return ol_arena_printf(c->a, "'%s->%s'", c->fn->vars[0]->name,
				       o->from_field);
	if (o->name && o->name[0] != '$')
		return ol_arena_printf(c->a, "'%s'", o->name);
	return NULL;
}

// MOJO-BOR-206, the list_richcompare shape: a borrow given to a call
// whose code may clear the borrow's container (named `cn`, or NULL) while
// it runs.
static void report_into_call(ctx *c, state *s, int a, const char *cn,
			     const char *api, const char *what, ol_loc loc)
{
	sym *y = &s->syms[a];
	// (An item read from an object's C array is no tracked borrow.)
	const char *who = y->rs == R_BORROWED ? describe(c, y)
			  : y->name ? ol_arena_printf(c->a, "'%s', an item of %s,",
						      y->name, cn)
				    : ol_arena_printf(c->a, "an item of %s", cn);
	report(c, OL_CHECK_BOR_INVALIDATED, y, loc,
	       ol_arena_printf(c->a, "%s is passed to '%s', which can call %s "
			       "that clears its container%s%s; take a "
			       "reference first", who, api, what,
			       cn ? " " : "", cn ? cn : ""),
	       ol_arena_printf(c->a, "passed to '%s' here", api));
	y->owner = -1; // one finding for this borrow
}

// `obj` is a parameter that points to an object (`self` of `self->x`).
static bool object_param(const ol_expr *obj)
{
	return obj && obj->kind == OL_E_VAR && obj->var &&
	       obj->var->kind == OL_VAR_PARAM && obj->type.object &&
	       obj->var->name;
}

// `self->values[i]` written as the operand itself: an item of a C array
// that an object handed in owns (BTrees' buckets, a list's `ob_item`),
// read with no reference of our own. The engine does not follow such
// slots (their items are of unknown ownership: a dealloc releases them),
// so only this spelling is recognised; `v = self->values[i]` first is not.
// Returns the container's name ('self->values'), or NULL.
static const char *object_array_item(ctx *c, const state *s,
				     const ol_expr *a, int v)
{
	if (a->kind != OL_E_INDEX || !is_pyobj(&a->type))
		return NULL;
	const ol_expr *arr = a->sub[0];
	if (!arr || arr->kind != OL_E_MEMBER || !arr->arrow || !arr->text ||
	    arr->type.cls != OL_TY_POINTER)
		return NULL;
	const ol_expr *obj = arr->sub[0];
	if (!object_param(obj))
		return NULL;
	int r = sym_root(s, v);
	if (r < 0 || s->syms[r].rs != R_NONE || s->syms[r].signs == S_ZERO)
		return NULL;
	return ol_arena_printf(c->a, "'%s->%s'", obj->var->name, arr->text);
}

// The same item read into a local first (`item = arr[i]` with `arr =
// _PyList_ITEMS(heap)`, `item = self->values[i]`), or from the first
// block or node the object's field links to (`item = b->data[i]` with `b =
// deque->leftblock`), when Python code can change that storage: a list's
// own items (any code that reaches the list), or storage a function of
// the file that Python code reaches changes (settable.c). The array's
// name, or NULL.
static const char *storage_item(ctx *c, const sym *y)
{
	if (!y->storage_field || y->rs != R_NONE || y->signs == S_ZERO ||
	    y->inval_ev || !c->fn->nparams || !c->fn->vars[0]->name)
		return NULL;
	bool list_items = y->storage_type &&
			  !strcmp(y->storage_type, "PyListObject") &&
			  !strcmp(y->storage_field, "ob_item");
	if (!list_items &&
	    !storage_change_find(c->tu, y->storage_type, y->storage_field))
		return NULL;
	return ol_arena_printf(c->a, "'%s->%s'", c->fn->vars[0]->name,
			       y->storage_field);
}

// `self->wrapped` written as the operand itself, a field of an object
// handed in that a setter of the file assigns (settable.c): Python code
// run by the call (the other operand's `__eq__`) can assign the field and
// free the object the call is using. Not when we hold a reference of our
// own to it. Returns the setter, or NULL.
static const settable_field *settable_operand(const ctx *c, const state *s,
					      const ol_expr *a, int v)
{
	if (a->kind != OL_E_MEMBER || !a->arrow || !a->text ||
	    !is_pyobj(&a->type))
		return NULL;
	if (!object_param(a->sub[0]))
		return NULL;
	int r = sym_root(s, v);
	if (r < 0 || s->syms[r].rs == R_OWNED || s->syms[r].signs == S_ZERO ||
	    s->syms[r].static_obj)
		return NULL;
	return settable_find(c->tu, owner_type_of(a), a->text);
}

// MOJO-BOR-206 for settable_operand(): the field named as written.
static void report_field_into_call(ctx *c, state *s, int a,
				   const ol_expr *arg,
				   const settable_field *sf, const char *api,
				   const char *what, ol_loc loc)
{
	const char *name = ol_arena_printf(c->a, "'%s->%s'",
					   arg->sub[0]->var->name, arg->text);
	report(c, OL_CHECK_BOR_INVALIDATED, &s->syms[a], loc,
	       ol_arena_printf(c->a, "%s is passed to '%s', which can call %s "
			       "that assigns the field through its setter "
			       "'%s' and frees the object the call is using; "
			       "take a reference first", name, api, what,
			       sf->assigner),
	       ol_arena_printf(c->a, "passed to '%s' here", api));
}

// The same container read again: `self->cache` after a call that made the
// engine forget what fields hold, or a global read twice.
static bool same_container(const sym *a, const sym *b)
{
	if (a == b)
		return true;
	if (!a->from_field || !b->from_field)
		return false;
	return a->from_param0 && b->from_param0 &&
	       a->from_global == b->from_global &&
	       !strcmp(a->from_field, b->from_field) &&
	       (!a->from_type || !b->from_type ||
		!strcmp(a->from_type, b->from_type));
}

// A mutating argument (PyDict_DelItem's dict) changes every container it
// is the same as: their borrows are stale (MOJO-BOR-207).
static void mutated_alias(ctx *c, state *s, const ol_kb_entry *ent,
			  const ol_expr *e, const int *args)
{
	// What the changed container keeps (PyDict_SetItem's key and value)
	// is held by it after the change: `PyDict_SetItem(d, key, v)` with
	// the key of a PyDict_Next walk replaces the value, not the key.
	for (unsigned k = 0; k < e->nargs; k++) {
		int a = sym_root(s, args[k]);
		if (a >= 0 && ol_kb_arg_effect(ent, k) == OL_KB_ARG_KEEP &&
		    s->syms[a].rs == R_BORROWED)
			s->syms[a].stale_ev = NULL;
	}
	for (unsigned k = 0; k < e->nargs; k++) {
		if (ol_kb_arg_effect(ent, k) != OL_KB_ARG_MUTATE)
			continue;
		int m = sym_root(s, args[k]);
		if (m < 0)
			continue;
		for (unsigned i = 0; i < s->nsyms; i++) {
			const sym *y = &s->syms[i];
			if (y->rs == R_BORROWED && y->owner >= 0 &&
			    y->owner != m && !y->stale_ev &&
			    same_container(&s->syms[y->owner], &s->syms[m]))
				mutated(c, s, y->owner, ent->name, e->loc);
		}
	}
}

// The call releases an argument (Py_DECREF, Py_CLEAR, Py_SETREF): the
// code it may run is its finaliser's (ol_borrow_released).
static bool releases_arg(const ol_kb_entry *ent)
{
	for (size_t k = 0; k < ent->nargs; k++)
		switch (ent->args[k].effect) {
		case OL_KB_ARG_RELEASE:
		case OL_KB_ARG_RELEASE_NULL_OK:
		case OL_KB_ARG_CLEAR:
		case OL_KB_ARG_REPLACE:
		case OL_KB_ARG_REPLACE_NULL_OK:
			return true;
		default:
			break;
		}
	return false;
}

// Sym `i` is one of the units a format call reads after its format
// (`PyObject_CallFunction(f, "(O)", self->x)`): their uses are checked
// after this (format.c), and are the call's own, not uses after it.
static bool format_unit(const state *s, const ol_kb_entry *ent,
			const ol_expr *e, const int *args, unsigned i)
{
	if (ent->format_kind == OL_KB_FORMAT_NONE || ent->format_arg < 0)
		return false;
	for (unsigned k = (unsigned)ent->format_arg + 1; k < e->nargs; k++)
		if (sym_root(s, args[k]) == (int)i)
			return true;
	return false;
}

// A pointer read from a field of the object the function was handed
// (`Node *n = self->last`, `PyObject *cache = self->cache`), with no
// reference of our own, when a function Python code can call assigns that
// field (settable.c): the code a call runs may call it, and drop what the
// field held. Returns why the pointer is no longer safe, or NULL.
static const char *field_changed_why(ctx *c, const sym *y, const char *api,
				     const char *what)
{
	if (!((y->from_field && y->from_param0) || y->storage_field) ||
	    y->owner >= 0 ||
	    (y->rs != R_BORROWED && y->rs != R_NONE) || y->signs == S_ZERO ||
	    y->static_obj || !c->fn->nparams || !c->fn->vars[0]->name)
		return NULL;
	const char *field = y->storage_field ? y->storage_field
					     : y->from_field;
	const settable_field *f =
		y->storage_field
			? storage_change_find(c->tu, y->storage_type, field)
			: mutable_field_find(c->tu, y->from_type, field);
	if (!f)
		return NULL;
	const char *in = f->via == f->assigner
				 ? ""
				 : ol_arena_printf(c->a, " (in '%s')",
						   f->assigner);
	return ol_arena_printf(c->a, "'%s' may have run Python code (%s) "
			       "that calls '%s', which %s '%s->%s'%s",
			       api, what, f->via,
			       y->storage_field ? "changes the items of"
						: "reassigns",
			       c->fn->vars[0]->name, field, in);
}

// Argument `k` is an operand through whose slots the call runs code while
// it still uses another (a comparison, a binary number operation): a borrow
// given there may be freed by the other operand's method mid-call.
static bool operand_of_two(const ol_kb_entry *ent, unsigned k)
{
	if (!ent->runs_via_known || ent->nruns_via < 2)
		return false;
	for (unsigned i = 0; i < ent->nruns_via; i++)
		if ((unsigned)ent->runs_via[i] == k)
			return true;
	return false;
}

// A printf-like format runs its units in order (PyUnicode_FromFormat,
// PyErr_Format): a `%R` of one object runs its `__repr__`, which may assign
// an object field that a later `%R` then uses, through the field's setter
// (iteration_utilities' ItemIdxKey.__repr__:
// testdata/realworld/iteration-utilities-itemidxkey-repr.c). Units are
// matched to arguments by the literal format; a unit not understood stops
// the walk.
static void fields_after_repr(ctx *c, state *s, const ol_kb_entry *ent,
			      const ol_expr *e, const int *args)
{
	const char *p = printf_format(ent, e);
	if (!p)
		return;
	unsigned k = (unsigned)ent->format_arg + 1;
	const char *ran = NULL; // what an earlier unit may have run
	char conv;
	unsigned stars;
	while (k < e->nargs && (p = printf_unit(p, &conv, &stars))) {
		k += stars;
		if (!strchr("cdiuxXpsUVRSA", conv) || k >= e->nargs)
			return;
		if (conv == 'R' || conv == 'S' || conv == 'A') {
			int a = sym_root(s, args[k]);
			const settable_field *sf = NULL;
			if (ran && a >= 0)
				sf = settable_operand(c, s, e->args[k], a);
			if (sf)
				report_field_into_call(c, s, a, e->args[k], sf,
						       ent->name, ran, e->loc);
			if (!ran && !ol_borrow_exact_builtin(s, args[k]))
				ran = conv == 'S' ? "a user `__str__` (an "
						    "earlier unit)"
						  : "a user `__repr__` (an "
						    "earlier unit)";
		}
		k += conv == 'V' ? 2 : 1;
	}
}

void ol_borrow_storage_moved(ctx *c, state *s, const ol_expr *e,
			     const ol_kb_entry *ent, const int *args)
{
	if (!ent || !ent->resizes || (unsigned)(ent->resizes - 1) >= e->nargs)
		return;
	int a = sym_root(s, args[ent->resizes - 1]);
	if (a >= 0 && s->syms[a].addr_var >= 0) // `&list`
		a = sym_root(s, s->env[s->syms[a].addr_var]);
	if (a < 0)
		return;
	const hist *ev = NULL;
	for (unsigned i = 0; i < s->nsyms; i++) {
		sym *y = &s->syms[i];
		if (y->owner != a || y->rs != R_NONE || y->stale_ev)
			continue;
		// A tuple's items (PySequence_Fast_ITEMS of a tuple) never
		// move.
		if (y->from_field && !strcmp(y->from_field, "ob_item") &&
		    y->from_type && strcmp(y->from_type, "PyListObject"))
			continue;
		if (!ev) {
			const char *n = s->syms[a].name;
			ev = c->h = hist_add(
				c, c->h, e->loc,
				ol_arena_printf(c->a, "'%s' may move the storage "
						"of %s%s%s here", ent->name,
						n ? "'" : "the container",
						n ? n : "", n ? "'" : ""));
		}
		y->stale_ev = ev;
	}
	// Its storage pointer read again is the new one (the pseudo slots
	// of its items, "ob_item[0]", stay: the items do not move).
	unsigned nf = 0;
	for (unsigned f = 0; f < s->nfs; f++)
		if (sym_root(s, s->fs[f].base) != a ||
		    strcmp(s->fs[f].field, "ob_item"))
			s->fs[nf++] = s->fs[f];
	s->nfs = nf;
}

void ol_borrow_after_args(ctx *c, state *s, const ol_expr *e,
			  const ol_kb_entry *ent, const int *args)
{
	if (!ent)
		return;
	mutated_alias(c, s, ent, e, args);
	if (releases_arg(ent) ||
	    !ol_borrow_call_runs_python(s, ent, e, args))
		return;
	// (Code run on a path that can only throw is no code its callers
	// see run: aeon's `getType()`, whose `PyObject_Repr(object)` only
	// builds the message of the exception its last branch throws, C++
	// round 114.)
	bool seen_by_callers = c->sum && reaches_return(c);
	if (seen_by_callers)
		c->sum->runs_code = true;
	const char *api = ent->name;
	const char *what = what_runs(s, api, e->nargs, args);
	// What a helper of the file's own runs is the named call it reaches
	// (its own name says nothing).
	const char *named_api = NULL, *named_what = NULL;
	if (!strcmp(ent->family, "summary"))
		summary_runs_named_code(ent, &named_api, &named_what);
	else if (!inferred_entry(ent) && strcmp(what, "Python code")) {
		named_api = api;
		named_what = what;
	}
	if (seen_by_callers && named_api && !c->sum->named_api) {
		c->sum->named_api = named_api;
		c->sum->named_what = named_what;
	}
	// Borrows passed into the call as one of its operands.
	for (unsigned k = 0; k < e->nargs && !c->quiet; k++) {
		int a = sym_root(s, args[k]);
		if (a < 0 || !operand_of_two(ent, k))
			continue;
		sym *y = &s->syms[a];
		if (container_borrow(c, s, y) && !y->inval_ev && !y->stale_ev &&
		    y->signs != S_ZERO) {
			report_into_call(c, s, a,
					 container_name(c, &s->syms[y->owner]),
					 api, what, e->loc);
			continue;
		}
		const char *arr = object_array_item(c, s, e->args[k], a);
		if (!arr)
			arr = storage_item(c, y);
		if (arr) {
			report_into_call(c, s, a, arr, api, what, e->loc);
			y->storage_field = NULL; // (said once)
			continue;
		}
		const settable_field *sf =
			settable_operand(c, s, e->args[k], a);
		if (sf)
			report_field_into_call(c, s, a, e->args[k], sf, api,
					       what, e->loc);
	}
	if (!c->quiet)
		fields_after_repr(c, s, ent, e, args);
	// Borrows kept across it. Precision first (measured on CPython and
	// the corpus): only across a call whose code is named (a user
	// method, the called object), documented or reached by a helper of
	// the file's own (apsw's jsonb_encode_object_key calls the
	// `default_key` callback), and from a container the caller handed
	// in (a parameter); fields, globals and module state are mostly
	// private to the extension (rules/README.md, known limits).
	if (!named_api)
		return;
	if (named_api != api)
		what = ol_arena_printf(c->a, "%s, through '%s'", named_what,
				       named_api);
	const hist *ev = NULL;
	for (unsigned i = 0; i < s->nsyms; i++) {
		sym *y = &s->syms[i];
		if (y->inval_ev || y->stale_ev ||
		    format_unit(s, ent, e, args, i))
			continue;
		const char *why = NULL;
		if (container_borrow(c, s, y) && s->syms[y->owner].param >= 0) {
			const char *cn = container_name(c, &s->syms[y->owner]);
			why = ol_arena_printf(c->a, "'%s' may have run Python "
					      "code (%s) that changes %s", api,
					      what, cn ? cn : "its container");
		} else if (named_api == api) {
			// (Not through a helper of the file: its summary says
			// some path runs code, maybe only an error path that
			// formats a message with %R.)
			why = field_changed_why(c, y, api, what);
		}
		if (!why)
			continue;
		if (!ev || strcmp(ev->msg, why)) {
			// Not a branch: shown in this borrow's findings only
			// (report.c), not in every later finding's path.
			ev = c->h = hist_add(c, c->h, e->loc, why);
		}
		y->inval_ev = ev;
		y->inval_why = why;
	}
}

// PyBytes_AS_STRING of bytes someone else made, PyUnicode_AsUTF8: contents
// that must not change (MOJO-BOR-205, sm/buffer.c). Precision first: only
// of an object certainly someone else's, lent to a function others call
// (an entry point, an external function) or an item of a container. A
// file's static helper handed a bytes object is taken to fill one its
// caller made (CPython's writers: _Pickler_Write, charmapencode_output).
static void readonly_interior(const ctx *c, state *s, const ol_kb_entry *ent,
			      int r)
{
	if (!ent->readonly_result)
		return;
	int o = s->syms[r].owner;
	const sym *os = o >= 0 ? &s->syms[o] : NULL;
	if (os && os->rs == R_BORROWED && !os->weak &&
	    (os->owner >= 0 || !c->fn->is_static || interp_contract(c->fn)))
		s->syms[r].readonly = true;
}

void ol_borrow_member_read(ctx *c, state *s, const ol_expr *e, int base,
			   int r)
{
	const ol_kb_entry *m = macro_entry(c, e);
	const char *type = owner_type_of(e);
	if (!m && e->text && !strcmp(e->text, "ob_item") && type &&
	    !strcmp(type, "PyListObject")) {
		// `((PyListObject *)list)->ob_item`: the list's item array.
		s->syms[r].owner = base;
		return;
	}
	if (!m || m->ret != OL_KB_RET_INTERIOR)
		return;
	s->syms[r].owner = base;
	s->syms[r].acq_name = m->name;
	readonly_interior(c, s, m, r);
}

void ol_borrow_after_call(ctx *c, state *s, const ol_expr *e,
			  const ol_kb_entry *ent, const int *args, int ret)
{
	int r = sym_root(s, ret);
	if (ent && ent->exact_result && r >= 0)
		s->syms[r].exact_builtin = true;
	if (ent && r >= 0)
		readonly_interior(c, s, ent, r);
	// PyDict_Next's key and value are borrowed from the dict it walks.
	if (!ent || !e->nargs || !is_pyobj(&e->args[0]->type))
		return;
	int cont = sym_root(s, args[0]);
	for (unsigned k = 1; k < e->nargs && cont >= 0; k++) {
		if (ol_kb_arg_effect(ent, k) != OL_KB_ARG_BORROW_OUT)
			continue;
		int p = sym_root(s, args[k]);
		int var = p >= 0 ? s->syms[p].addr_var : -1;
		int v = var >= 0 ? sym_root(s, s->env[var]) : -1;
		if (v >= 0 && v != cont && s->syms[v].rs == R_BORROWED &&
		    s->syms[v].owner < 0 && s->syms[v].kind == OL_SM_PYREF)
			s->syms[v].owner = cont;
	}
}

void ol_borrow_released(ctx *c, state *s, const sym *gone, const char *api,
			ol_loc loc)
{
	// Only an object that may be of any type has a destructor that can
	// run code: one made by an API that itself runs Python code
	// (PyObject_Call*, GetAttr, GetItem, ...) or by an unknown function.
	// A string from PyUnicode_FromString is just freed.
	if (gone->acq && !gone->acq->runs_python &&
	    !inferred_entry(gone->acq))
		return;
	if (gone->exact_builtin)
		return;
	// Precision first: an object of any type is what a call of a
	// callable returned (or a function of the project's, or an unknown
	// one); a slice, a weak reference or an attribute is rarely the last
	// owner of something with a finaliser that changes containers.
	bool any_type = !gone->acq || inferred_entry(gone->acq) ||
			!strcmp(what_runs(s, gone->acq->name, 0, NULL),
				"the called object");
	if (c->sum && reaches_return(c))
		c->sum->runs_code = true;
	const hist *ev = NULL;
	for (unsigned i = 0; i < s->nsyms; i++) {
		sym *y = &s->syms[i];
		if (y->rs != R_BORROWED || y->owner < 0 || y->inval_ev ||
		    y == gone || y->static_obj ||
		    (y->acq && y->acq->stable_borrow))
			continue;
		const sym *o = &s->syms[y->owner];
		if (o == gone || (o->rs == R_OWNED && !o->borrowed_base))
			continue;
		if (!any_type || o->param < 0 || per_call_keywords(c, o))
			continue;
		if (!ev) {
			hist *h = (hist *)hist_add(
				c, c->h, loc,
				ol_arena_printf(c->a, "'%s' releases the last "
						"reference to %s here", api,
						gone->name ? ol_arena_printf(
							c->a, "'%s'", gone->name)
							   : "an object"));
			h->is_branch = true;
			c->h = h;
			ev = h;
		}
		y->inval_ev = ev;
		y->inval_why = NULL;
	}
	// Items of the object's own storage: the finaliser may call a
	// function that changes it.
	for (unsigned i = 0; i < s->nsyms && any_type; i++) {
		sym *y = &s->syms[i];
		if (!y->storage_field || y->inval_ev || y == gone)
			continue;
		const char *why = field_changed_why(c, y, api, "a finaliser");
		if (!why)
			continue;
		y->inval_ev = c->h = hist_add(c, c->h, loc, why);
		y->inval_why = why;
	}
}
