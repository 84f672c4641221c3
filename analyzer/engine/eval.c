/*
 * eval.c — expressions and stores.
 *
 * Ops are evaluated bottom-up, call arguments left to right (call.c), on
 * one path's state. Each expression gives a value (a symbol index):
 * constants fold, pointer arithmetic keeps its base (`p + n` is still
 * the block `p`), a tested `x & k` is remembered so a later test of the
 * same flag is decided. Variables get their value on first read: a
 * parameter's entry value (a borrowed reference when it is `PyObject *`,
 * an owned one when the function's summary says it steals it), a
 * global object (someone else's reference), or nothing known.
 *
 * A store moves ownership: into a local it is a rename, into a field or a
 * global the value escapes (the owner's teardown must release it, checked
 * by the ownership graph from the STORE fact), into a local array or a
 * block the function owns it stays the function's. Memory is modelled as
 * field slots `(base, field)`: what was last read from or written to
 * `p->f`, forgotten when code we do not see may run.
 *
 * Where a kind gives an expression its own meaning, the kind's machine
 * does (sm.h): container items (`t->ob_item[i]`, pyref), a view's fields
 * (`view.buf`, buffer), a write through a read-only view (buffer).
 */
#include "engine_int.h"
#include "../sm/borrow.h"
#include "../ol.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

long long fold(ol_opcode op, long long a, long long b, bool *ok)
{
	*ok = true;
	switch (op) {
	case OL_OP_ADD: return (long long)((unsigned long long)a + (unsigned long long)b);
	case OL_OP_SUB: return (long long)((unsigned long long)a - (unsigned long long)b);
	case OL_OP_MUL: return (long long)((unsigned long long)a * (unsigned long long)b);
	case OL_OP_AND: return a & b;
	case OL_OP_OR: return a | b;
	case OL_OP_XOR: return a ^ b;
	case OL_OP_SHL: // (`1UL << 9`, Py_TPFLAGS_HEAPTYPE: in range only)
		if (a < 0 || b < 0 || b > 62 || a > (LLONG_MAX >> b))
			break;
		return a << b;
	case OL_OP_SHR:
		if (a < 0 || b < 0 || b > 62)
			break;
		return a >> b;
	case OL_OP_EQ: return a == b;
	case OL_OP_NE: return a != b;
	case OL_OP_LT: return a < b;
	case OL_OP_LE: return a <= b;
	case OL_OP_GT: return a > b;
	case OL_OP_GE: return a >= b;
	case OL_OP_DIV:
		if (b == 0 || (b == -1 && a == LLONG_MIN))
			break;
		return a / b;
	case OL_OP_MOD:
		if (b == 0 || (b == -1 && a == LLONG_MIN))
			break;
		return a % b;
	default:
		break;
	}
	*ok = false;
	return 0;
}

static int eval_binary(state *s, ol_opcode op, int l, int r,
		       const ol_type *lt, const ol_type *rt,
		       const ol_type *res)
{
	const sym *a = &s->syms[l], *b = &s->syms[r];
	if (a->has_val && b->has_val) {
		bool ok;
		long long v = fold(op, a->val, b->val, &ok);
		if (ok)
			return sym_const(s, v);
	}
	if ((op == OL_OP_ADD || op == OL_OP_SUB) && is_pointer(res)) {
		// p + n, n + p, p - n: a pointer into the same block (a
		// resource's, or an object's storage: `items + 1` of
		// PySequence_Fast_ITEMS moves with the items).
		int base = is_pointer(lt) ? l : is_pointer(rt) ? r : -1;
		int i = sym_new(s, S_ZERO | S_POS);
		if (base >= 0 && (s->syms[sym_root(s, base)].rs != R_NONE ||
				  s->syms[sym_root(s, base)].owner >= 0))
			s->syms[i].base = sym_root(s, base);
		if (base >= 0 && !(s->syms[base].signs & S_ZERO))
			s->syms[i].signs = S_POS;
		if (base >= 0)
			s->syms[i].local_mem = s->syms[base].local_mem;
		return i;
	}
	if (op >= OL_OP_EQ && op <= OL_OP_GE) {
		// `ok = p != NULL`: a test of ok tests p.
		bool linked = a->has_val != b->has_val;
		int of = sym_root(s, a->has_val ? r : l);
		ol_opcode cop = a->has_val ? swap_cmp(op) : op;
		long long k = a->has_val ? a->val : b->val;
		// `use_list = (s->hook != Py_None)`: a test of use_list
		// tests the value against the static object.
		int ra = sym_root(s, l), rb = sym_root(s, r), stat = -1;
		if (!a->has_val && !b->has_val && ra >= 0 && rb >= 0 &&
		    (op == OL_OP_EQ || op == OL_OP_NE) &&
		    s->syms[ra].static_obj != s->syms[rb].static_obj) {
			stat = s->syms[ra].static_obj ? ra : rb;
			of = stat == ra ? rb : ra;
			cop = op;
			k = 0;
		}
		int i = sym_new(s, S_ZERO | S_POS); // (moves s->syms)
		s->syms[i].is_bool = true;
		if (linked || stat >= 0) {
			s->syms[i].cmp_of = of;
			s->syms[i].cmp_op = cop;
			s->syms[i].cmp_k = k;
			s->syms[i].cmp_stat = stat;
		}
		return i;
	}
	// Integer sums keep what the signs say: `2 + nmemb` with nmemb >= 1
	// is positive (a loop `for (i = 0; i < 2 + nmemb; i++)` runs).
	if (op == OL_OP_ADD && !is_pointer(res) &&
	    !((a->signs | b->signs) & S_NEG) && ((a->signs | b->signs) & S_POS) &&
	    a->signs && b->signs) {
		bool pos = !(a->signs & S_ZERO) || !(b->signs & S_ZERO);
		return sym_new(s, pos ? S_POS : (S_ZERO | S_POS));
	}
	// A tagged pointer, `(uintptr_t)p | 1` (elementtree's JOIN_SET) or
	// `p & ~mask`: still the same resource wherever it is stored.
	// `p & 1` reads a tag bit: an integer, not the pointer.
	if (op == OL_OP_AND && ((a->has_val && mask_is_flag(a->val)) ||
				(b->has_val && mask_is_flag(b->val)))) {
		// The same flag test twice is the same value: `if ((flags &
		// 4) == 0)` around both the acquire and the release.
		int from = a->has_val ? r : l;
		long long k = a->has_val ? a->val : b->val;
		for (unsigned i = 0; i < s->nsyms; i++)
			if (s->syms[i].vn_from == from && s->syms[i].vn_k == k)
				return (int)i;
		int i = sym_fresh(s, res);
		s->syms[i].vn_from = from;
		s->syms[i].vn_k = k;
		return i;
	}
	if (op == OL_OP_OR || op == OL_OP_AND || op == OL_OP_XOR ||
	    op == OL_OP_ADD || op == OL_OP_SUB) {
		int ra = sym_root(s, l), rb = sym_root(s, r);
		bool ta = s->syms[ra].rs != R_NONE && !a->has_val;
		bool tb = s->syms[rb].rs != R_NONE && !b->has_val;
		if (ta != tb) {
			int i = sym_fresh(s, res);
			s->syms[i].base = ta ? ra : rb;
			return i;
		}
	}
	return sym_fresh(s, res);
}

// The struct type `e` (a member access) reads from: "struct Foo".
const char *owner_type_of(const ol_expr *e)
{
	const ol_type *t = &e->sub[0]->type;
	return e->arrow ? t->pointee : t->spelling;
}

bool is_param0(const ctx *c, const state *s, int base)
{
	return base >= 0 && s->syms[base].param == 0 && c->fn->nparams > 0;
}

void bind_fact(ctx *c, state *s, const ol_var *v, int i, ol_loc loc)
{
	if (i < 0 || is_local(v))
		return;
	const sym *y = &s->syms[sym_root(s, i)];
	if (y->rs == R_OWNED)
		fact(c, OL_FACT_STORE, NULL, v->name, y, y->acq_name, loc,
		     false, v->type.pointee);
}

static void bind_var(state *s, const ol_var *v, int i)
{
	s->env[v->id] = i;
	if (i >= 0 && !s->syms[i].name && v->kind != OL_VAR_TEMP)
		s->syms[i].name = v->name;
	if (i >= 0 && !is_local(v))
		store_escape(s, i);
	// cleanup(fn) runs fn(&v) at the end of v's scope: what v holds is
	// the cleanup's to release (say less: it is no longer followed).
	// So is what a lambda stores into a capture: the enclosing
	// function's.
	if (i >= 0 && (v->cleanup || v->captured))
		escape(s, i);
}

// `annotate("mojo::steals(N)")` on the analyzed function itself.
static bool annotated_steal(const ol_func *fn, unsigned index)
{
	char want[48];
	snprintf(want, sizeof want, "mojo::steals(%u)", index + 1);
	return fn->attrs && strstr(fn->attrs, want);
}

// The definition of a function the knowledge base says steals argument
// `index` (PyException_SetCause in CPython's own sources).
bool kb_steal(const ol_kb *kb, const ol_func *fn, unsigned index)
{
	const ol_kb_entry *e = kb && fn->name ? ol_kb_lookup(kb, fn->name)
					       : NULL;
	return e && !e->macro && index < e->nargs &&
	       ol_kb_arg_effect(e, index) == OL_KB_ARG_STEAL;
}

// `y`, an integer parameter's value on entry, lies from `lo` to `hi`.
static void bound_entry_int(sym *y, long long lo, long long hi)
{
	if (lo == hi) {
		y->has_val = true;
		y->val = lo;
		y->signs = lo > 0 ? S_POS : lo < 0 ? S_NEG : S_ZERO;
		return;
	}
	y->has_lo = y->has_hi = true;
	y->lo = lo;
	y->hi = hi;
	if (lo > 0)
		y->signs &= (uint8_t)~(S_ZERO | S_NEG);
	else if (lo == 0)
		y->signs &= (uint8_t)~S_NEG;
	if (hi < 0)
		y->signs &= (uint8_t)~(S_ZERO | S_POS);
	else if (hi == 0)
		y->signs &= (uint8_t)~S_POS;
}

int param_sym(ctx *c, state *s, const ol_var *v)
{
	int i;
	if (is_object_pointer(&v->type)) {
		bool declared = annotated_steal(c->fn, v->param_index) ||
				kb_steal(c->kb, c->fn, v->param_index);
		bool inferred = c->sum && c->sum->steal_in &&
				c->sum->steal_in[v->param_index];
		bool steals = declared || inferred;
		if (steals) {
			// This function's summary says it steals the
			// argument: its callers hand it one reference.
			i = sym_new(s, S_ZERO | S_POS);
			sym *y = &s->syms[i];
			y->rs = R_OWNED;
			y->refs = 1;
			y->kind = OBJECT_KIND;
			y->acq_name = NULL;
			y->acq_ev = c->h = hist_add(
				c, c->h, v->loc,
				"is a parameter whose reference this "
				"function steals");
			y->steal_inferred = !declared;
		} else {
			bool lenient = c->sum && c->sum->lenient_in &&
				       c->sum->lenient_in[v->param_index];
			i = new_borrowed(c, s, S_ZERO | S_POS, NULL, v->loc,
					 lenient);
		}
	} else {
		i = sym_fresh(s, &v->type);
	}
	// CPython calls a function a table registers with its first
	// argument set (a method's `self`, a slot's object, the module):
	// `if (self == NULL)` is dead code there.
	if (v->param_index == 0 && c->fn->registered &&
	    v->type.cls == OL_TY_POINTER && (s->syms[i].signs & S_POS))
		s->syms[i].signs = S_POS;
	s->syms[i].param = (int)v->param_index;
	s->syms[i].entry_int = v->type.cls == OL_TY_INT;
	s->syms[i].name = v->name;
	// Given a constant by every call (staticargs.c): between the least
	// and the greatest.
	long long lo, hi;
	if (v->type.cls == OL_TY_INT &&
	    staticargs_int_param(c->sum, v->param_index, &lo, &hi))
		bound_entry_int(&s->syms[i], lo, hi);
	return i;
}

// The value of a module-level object `v`: someone else's reference,
// with these signs.
static int global_object(ctx *c, state *s, const ol_var *v, uint8_t signs)
{
	int i = new_borrowed(c, s, signs, NULL, v->loc, true);
	s->syms[i].from_global = true;
	return i;
}

static int read_var(ctx *c, state *s, const ol_var *v)
{
	if (s->env[v->id] < 0) {
		int i;
		if (v->kind == OL_VAR_PARAM) {
			i = sym_fresh(s, &v->type); // overwritten by a call
		} else if (!is_local(v) && is_pyobj(&v->type) &&
			   v->name && global_only_null(c->tu, v->name)) {
			// A global the file only ever sets to NULL (or to
			// PyErr_Format()'s result): no reference.
			i = sym_fresh(s, &v->type);
		} else if (!is_local(v) && is_pyobj(&v->type)) {
			// A module-level object: someone else's reference.
			i = global_object(c, s, v, S_ZERO | S_POS);
		} else {
			i = sym_fresh(s, &v->type);
			if (v->type.cls == OL_TY_ARRAY) {
				s->syms[i].signs = S_POS;
				s->syms[i].local_mem = is_local(v);
			}
		}
		s->env[v->id] = i;
		if (v->kind != OL_VAR_TEMP && !s->syms[i].name)
			s->syms[i].name = v->name;
	}
	return s->env[v->id];
}

// `int use_list = (s->hook != Py_None);`, then calls, then `if (s->hook
// != Py_None)`: the second test is decided by the first when nothing can
// have assigned the field in between. Kept (as a stale slot: the value is
// forgotten, the relation to the static object is not) for a field of an
// object the function was handed (a parameter's value, whose own pointer
// nobody changes), when no function of the file that Python code reaches
// assigns that field (settable.c; a READONLY member, one set only when the
// object is made). A store to a field of that name, or a call that may
// write through the object's pointer, forgets it (drop_stale()). Not
// seen: a callee of another file that assigns the field through a pointer
// it kept to the object; a writable PyMemberDef row (the interpreter
// assigns those itself, rules/README.md).
void keep_tested_reads(ctx *c, state *s)
{
	for (unsigned f = 0; f < s->nfs; f++) {
		fslot *x = &s->fs[f];
		if (!x->read || x->stale || x->ix >= 0)
			continue;
		const sym *b = &s->syms[x->base];
		const sym *v = &s->syms[sym_root(s, x->val)];
		if (b->param < 0 || (v->eq_stat < 0 && v->ne_stat < 0) ||
		    !v->from_type || !v->from_field ||
		    strcmp(v->from_field, x->field) ||
		    settable_find(c->tu, v->from_type, x->field) ||
		    mutable_field_find(c->tu, v->from_type, x->field))
			continue;
		x->stale = true;
	}
}

// `base` is the value of a local struct of this function (not a C++
// reference) whose address never went anywhere but straight into a call:
// what was read of its fields outlives a call not given its address
// (py-lmdb's `cursor_get_multi`: `parse_args(.., &arg)` fills its options
// once; `if (arg.keyfixed)` then decides the same way before and after
// the calls between).
static bool unreachable_local_struct(const ctx *c, const state *s, int base)
{
	for (unsigned v = 0; v < c->nvars && base >= 0; v++) {
		const ol_var *x = c->fn->vars[v];
		if (s->env[v] >= 0 && sym_root(s, s->env[v]) == base)
			return is_local(x) && x->type.cls == OL_TY_RECORD &&
			       !x->type.reference &&
			       !bit_get(c->addr_kept, v);
	}
	return false;
}

// Values of globals and static locals, and fields, may change in any call
// that runs code we do not see; forget them.
void forget_memory(ctx *c, state *s)
{
	for (unsigned v = 0; v < c->nvars; v++) {
		const ol_var *x = c->fn->vars[v];
		if (is_local(x) || s->env[v] < 0)
			continue;
		// A number no function of the file writes (globalreads.c).
		if (x->kind == OL_VAR_GLOBAL && x->type.cls == OL_TY_INT &&
		    x->name && global_never_written(c->tu, x->name))
			continue;
		// A reference we hold through a global stays ours whatever
		// the call does to the variable.
		rstate rs = s->syms[s->env[v]].rs;
		if (rs == R_OWNED || rs == R_RELEASED || rs == R_MOVED ||
		    rs == R_STOP)
			continue;
		// An object global known set, which no function of the file
		// sets to NULL (pcp's `label_func`, a callback a setter
		// replaces with a callable it checked): the call may replace
		// the object, not clear it (C round 69).
		if (x->kind == OL_VAR_GLOBAL && is_pyobj(&x->type) &&
		    x->name && s->syms[sym_root(s, s->env[v])].signs == S_POS &&
		    global_never_nulled(c->tu, x->name)) {
			s->env[v] = global_object(c, s, x, S_POS);
			s->syms[s->env[v]].name = x->name;
			continue;
		}
		s->env[v] = -1;
	}
	// Fields this function wrote keep what it wrote (a freshly made
	// object nobody else knows yet); values it only read are forgotten,
	// but for those of a local struct the call cannot reach.
	keep_tested_reads(c, s);
	forget_reads_but_local(c, s);
}

// A field read whose value this function took a reference on
// (`Py_INCREF(self->out)`, then a call, then `return self->out;`): as
// with a global, the reference held stays the field's value; code the
// call runs that would replace it is not followed.
static bool owned_read(const state *s, const fslot *f)
{
	int r = f->val >= 0 ? sym_root(s, f->val) : -1;
	return r >= 0 && s->syms[r].rs == R_OWNED && s->syms[r].borrowed_base;
}

// A field no code changes once its object is made: a NumPy descriptor's
// flags, type number and kind (`NPY_BEGIN_THREADS_DESCR(d)` and
// `NPY_END_THREADS_DESCR(d)` test the same `d->flags`, with calls between
// that cannot change them), and a type's flags, whose
// Py_TPFLAGS_HEAPTYPE says whether the type is counted (`if (tp->tp_flags
// & Py_TPFLAGS_HEAPTYPE) Py_INCREF(tp);`, a call, the same test before
// `Py_DECREF(tp)`: dbzero's owner of a type).
static bool immutable_read(const state *s, const fslot *f)
{
	static const char *const fields[] = {"flags", "type_num", "kind"};
	const sym *v = &s->syms[sym_root(s, f->val)];
	const char *t = v->from_type;
	if (!t || !v->from_field || strcmp(v->from_field, f->field))
		return false;
	if (!strncmp(t, "struct ", 7))
		t += 7;
	if ((!strcmp(t, "_typeobject") || !strcmp(t, "PyTypeObject")) &&
	    !strcmp(f->field, "tp_flags"))
		return true;
	if (strcmp(t, "PyArray_Descr") && strcmp(t, "_PyArray_Descr"))
		return false;
	for (size_t i = 0; i < sizeof fields / sizeof *fields; i++)
		if (!strcmp(f->field, fields[i]))
			return true;
	return false;
}

// A pointer read from a field, through which this function has written
// a field since (`self->connection->thread_state = PyEval_SaveThread()`,
// mariadb-connector-python's BEGIN_ALLOW_THREADS on its cursor's
// connection): what it wrote stays written (as `self->state = ..` does),
// so the pointer that leads there stays the one read, or the write would
// be lost with it and `if (self->connection->thread_state)` of the macro
// that takes the GIL back would be a test of an unknown value. Only a
// resource written there (a reference, a thread state, memory): a mere
// fact of the object's type is no write.
static bool written_through_read(const state *s, const fslot *f)
{
	int r = f->val >= 0 ? sym_root(s, f->val) : -1;
	for (unsigned g = 0; r >= 0 && g < s->nfs; g++)
		if (!s->fs[g].read && !s->fs[g].stale && s->fs[g].base == r &&
		    s->fs[g].val >= 0 &&
		    s->syms[sym_root(s, s->fs[g].val)].kind >= 0)
			return true;
	return false;
}

// An integer field of the object a parameter points to, read and then
// tested against a constant (`switch (op->type)`, `if (op->n > 0)`), that
// no function of the file assigns but through a pointer of its own making
// (settable.c's int_fields_collect(): kore's `op->type`, set once where
// the operation is made): a call that runs code leaves it as it was, and
// a later test of the same field decides as the first did. (A callee
// given the pointer itself may write it: call.c forgets the read then.)
bool unassigned_int_read(const ctx *c, const state *s, const fslot *f)
{
	if (f->ix >= 0 || f->val < 0 || s->syms[f->base].param < 0)
		return false;
	const sym *v = &s->syms[sym_root(s, f->val)];
	if (v->kind >= 0 || !(v->has_val || v->has_ne || v->has_lo ||
			      v->has_hi))
		return false;
	return v->from_type && v->from_field &&
	       !strcmp(v->from_field, f->field) &&
	       !int_field_changed(c->tu, v->from_type, f->field);
}

void forget_reads_but_local(const ctx *c, state *s)
{
	unsigned nf = 0;
	for (unsigned f = 0; f < s->nfs; f++)
		if (!s->fs[f].read || s->fs[f].stale ||
		    unreachable_local_struct(c, s, s->fs[f].base) ||
		    owned_read(s, &s->fs[f]) || immutable_read(s, &s->fs[f]) ||
		    unassigned_int_read(c, s, &s->fs[f]) ||
		    written_through_read(s, &s->fs[f]))
			s->fs[nf++] = s->fs[f];
	s->nfs = nf;
}

// `arr[i]` or `st.f` where arr/st is a local array or struct of this
// function (not reached through a pointer, nor a C++ reference: `other.f`
// with `Owner &other` writes the caller's object).
static bool local_aggregate(const ol_expr *lhs)
{
	while (lhs && (lhs->kind == OL_E_INDEX ||
		       (lhs->kind == OL_E_MEMBER && !lhs->arrow))) {
		const ol_expr *b = lhs->sub[0];
		if (lhs->kind == OL_E_INDEX && b->type.cls == OL_TY_POINTER)
			return false;
		if (b->kind == OL_E_VAR)
			return is_local(b->var) && !b->var->type.reference &&
			       (b->type.cls == OL_TY_ARRAY ||
				b->type.cls == OL_TY_RECORD);
		lhs = b;
	}
	return false;
}

// `p` holds the address of a local struct of this function (jsonlib's
// `Serializer *base = (Serializer *) &serializer;`, then `&base->indent`
// given to PyArg_ParseTuple): a field reached through it is the frame's,
// as `serializer.base.indent` would be.
static bool points_to_local_record(const ctx *c, const state *s, int p)
{
	int r = p >= 0 ? sym_root(s, p) : -1;
	if (r < 0 || s->syms[r].addr_var < 0)
		return false;
	const ol_var *v = c->fn->vars[s->syms[r].addr_var];
	return is_local(v) && !v->type.reference &&
	       v->type.cls == OL_TY_RECORD;
}

// A local array or struct of this function, as a whole (`PyObject
// *args[] = {a, b};`).
static bool local_whole_aggregate(const ol_expr *lhs)
{
	return lhs->kind == OL_E_VAR && lhs->var && is_local(lhs->var) &&
	       !lhs->var->type.reference &&
	       (lhs->var->type.cls == OL_TY_ARRAY ||
		lhs->var->type.cls == OL_TY_RECORD);
}

// `PyObject *args[] = {tracer, owner, name, value};` (a vectorcall's
// argument vector): the values go into this function's own array, as
// `args[0] = tracer` would (store()): a borrow stays a borrow, held there
// while it lasts; an owned value is no longer followed.
static int eval_local_initlist(ctx *c, state *s, const ol_expr *e)
{
	for (unsigned k = 0; k < e->nargs; k++) {
		const ol_expr *x = e->args[k];
		if (x->kind == OL_E_INITLIST) {
			eval_local_initlist(c, s, x);
			continue;
		}
		int r = sym_root(s, eval(c, s, x));
		if (r >= 0 && s->syms[r].rs != R_OWNED)
			s->syms[r].in_local_agg = true;
		escape(s, r);
	}
	return sym_fresh(s, &e->type); // (the aggregate's value: unknown)
}

// A store through the pointer `p` (`*p = v`, `p[i] = v`, `p->f = v`): when
// `p` is a parameter's value, the function writes to its caller's memory,
// and its summary says so (a caller's `f(&n)` then forgets n).
void written_through(ctx *c, state *s, int p)
{
	int r = sym_root(s, p);
	if (r >= 0 && c->sum && s->syms[r].param >= 0 &&
	    (unsigned)s->syms[r].param < c->fn->nparams)
		c->sum->writes[s->syms[r].param] = true;
}

// `v` is stored where it outlives this call without a reference taken: its
// kind may have a word to say (MOJO-BOR-202 for a borrowed reference).
void stored_elsewhere(ctx *c, state *s, int v, ol_loc loc,
		      const ol_expr *lhs)
{
	const ol_sm *m = sm_of(&s->syms[sym_root(s, v)]);
	if (m && m->on_store)
		m->on_store(c, s, v, loc, lhs);
}

// A module's Py_mod_exec function (slot 2 of its PyModuleDef_Slot table)
// keeping the module it is given in a global (`the_module = m;`): every
// function of the module holds a reference to it (a method's `self`, a
// heap type's module), so code of the module that reads the global finds
// it alive; the idiom keeps no reference on purpose (one would keep the
// module alive forever). (A static type's instance that outlives its
// module is not told apart: rules/README.md.)
static bool module_kept_by_exec(const ctx *c, const state *s, int i)
{
	int r = sym_root(s, i);
	return r >= 0 && s->syms[r].param == 0 && c->fn->registered &&
	       !strcmp(c->fn->registered, "Py_mod_slot 2");
}

// `static PyObject *text; PyArg_ParseTuple(args, "O", &text)` (pdf_tin's
// initializers): a function's own static, given a required item of its
// argument tuple on every call that gets past the parse, is read only by
// this function, after that parse: a scratch variable that happens to be
// static, no place the borrow outlives the call in. (An optional item
// leaves the last call's value in place: still told.)
static bool parsed_into_own_static(const state *s, const ol_var *v, int i)
{
	const sym *y = &s->syms[sym_root(s, i)];
	return v->kind == OL_VAR_STATIC_LOCAL && y->parsed_from_param &&
	       y->parsed_required;
}

static void bind_global(ctx *c, state *s, const ol_var *v, int i, ol_loc loc)
{
	bind_fact(c, s, v, i, loc);
	bind_var(s, v, i);
	// A single-phase module's init keeps borrows from its module (the
	// module dict) in globals: CPython keeps such a module, and what it
	// holds, until the process exits. A global no function of the file
	// reads is a dead store (globalreads.c).
	if (i >= 0 && !is_local(v) && strncmp(c->fn->name, "PyInit_", 7) &&
	    !module_kept_by_exec(c, s, i) && !parsed_into_own_static(s, v, i) &&
	    (v->kind != OL_VAR_GLOBAL || global_read(c->tu, v->name)))
		stored_elsewhere(c, s, i, loc, NULL);
}

// The object struct a stored value is known to point to before any cast
// (`self->parent = (PyObject *)acl` with `AclObject *acl`), or NULL when
// it is any object.
const char *object_type_of(const ol_expr *rhs)
{
	if (!rhs || rhs->type.cls != OL_TY_POINTER || !rhs->type.object ||
	    is_pyobj(&rhs->type) || !rhs->type.pointee)
		return NULL;
	return rhs->type.pointee;
}

// `v->f.g = val` where `val` points into the block `v` points to (a
// variable-size struct's `shape = (int64_t *)(m + 1)`): the block keeps a
// pointer into itself, which gives no ownership away (issue 12). Not for
// Python objects: an object storing a reference to itself owns it;
// except in a plain pointer of a C struct embedded in the object
// (cassandra-driver's `self->io.data = self`, a libev watcher's
// back-pointer that lives and dies with the object: C round 64; one
// reached through its fields, in_self, is store()'s).
static bool store_into_itself(const state *s, const ol_expr *lhs, int val)
{
	const ol_expr *at = lhs;
	while (lhs && lhs->kind == OL_E_MEMBER && !lhs->arrow)
		lhs = lhs->sub[0];
	if (!lhs || lhs->kind != OL_E_MEMBER || !lhs->arrow ||
	    !lhs->sub[0] || lhs->sub[0]->kind != OL_E_VAR)
		return false;
	int b = sym_root(s, s->env[lhs->sub[0]->var->id]);
	int r = sym_root(s, val);
	if (b < 0 || b != r || s->syms[b].kind < 0)
		return false;
	return s->syms[b].kind != OBJECT_KIND ||
	       (at != lhs && !at->type.object && !lhs->type.object &&
		lhs->type.cls == OL_TY_RECORD);
}

// Whether `e` calls function `name` giving argument `k` anything but the
// address of a local of the caller (`f(d, &filter)`), or names it as a
// value (its callers unknown); `*calls` counts its calls.
static bool other_than_local_address(const ol_expr *e, const char *name,
				     unsigned k, unsigned *calls)
{
	if (!e)
		return false;
	if (e->kind == OL_E_FUNCREF && e->text && !strcmp(e->text, name))
		return true;
	if (e->kind == OL_E_CALL && e->text && !strcmp(e->text, name)) {
		const ol_expr *a = k < e->nargs ? e->args[k] : NULL;
		// (or of a part of one: `&ext_args.func_filter`)
		const ol_expr *v = a && a->kind == OL_E_ADDR ? a->sub[0] : NULL;
		while (v && ((v->kind == OL_E_MEMBER && !v->arrow) ||
			     (v->kind == OL_E_INDEX && v->sub[0] &&
			      v->sub[0]->type.cls == OL_TY_ARRAY)))
			v = v->sub[0];
		if (!v || v->kind != OL_E_VAR ||
		    (v->var->kind != OL_VAR_LOCAL &&
		     v->var->kind != OL_VAR_TEMP))
			return true;
		++*calls;
	}
	if (other_than_local_address(e->fn, name, k, calls) ||
	    other_than_local_address(e->sub[0], name, k, calls) ||
	    other_than_local_address(e->sub[1], name, k, calls))
		return true;
	for (unsigned i = 0; i < e->nargs; i++)
		if (other_than_local_address(e->args[i], name, k, calls))
			return true;
	return false;
}

// This function is called in the file (and in no other file that calls
// it through contracts), and every call gives its parameter `k` the
// address of a local of the caller: a struct that dies with its caller's
// frame (yappi's `dict_to_filter(d, &filter)`, Thrift's
// `parse_struct_args(&parsedargs, typeargs)`).
static bool callers_pass_local(const ctx *c, unsigned k)
{
	if (c->fn->called_elsewhere || !c->fn->name)
		return false;
	unsigned calls = 0;
	for (size_t i = 0; i < c->tu->nsums; i++) {
		const ol_func *f = c->tu->sums[i].fn;
		for (unsigned b = 0; b < f->nblocks; b++) {
			const ol_block *blk = f->blocks[b];
			for (unsigned o = 0; o < blk->nops; o++)
				if (other_than_local_address(
					    blk->ops[o].expr, c->fn->name, k,
					    &calls))
					return false;
			if (other_than_local_address(blk->cond, c->fn->name, k,
						     &calls))
				return false;
		}
	}
	return calls > 0;
}

// `dest->f = PyTuple_GET_ITEM(spec, i)` where `dest` is a parameter that
// points to no Python object (a plain struct of the caller's) and `spec` a
// parameter: a parse helper hands its caller borrowed views of the items
// of a container the caller holds, as PyArg_ParseTuple's "O" does and as
// `*out = item` does. A tuple never drops its items, so the view lasts as
// long as the caller's own borrow of the tuple: nothing escapes. A list's
// or a dict's item can be replaced while the caller holds the container:
// a view of it too when the struct is a local of every caller in the file
// (yappi's `_filterdict_to_statfilter`, filled for one call and dropped),
// an item replaced during that call being MOJO-BOR-206's to see at the
// use; into a struct that may outlive the call (a config the caller
// keeps), MOJO-BOR-202. (Into a Python object, `self->f = item` outlives
// the call: MOJO-BOR-202.) `rb`: the root of the member's object.
static bool tuple_item_handed_back(const ctx *c, const state *s,
				   const ol_expr *lhs, int rb, int val)
{
	if (lhs->kind != OL_E_MEMBER || rb < 0 || s->syms[rb].param < 0)
		return false;
	const ol_expr *base = lhs->sub[0];
	if (base->type.object)
		return false;
	if (lhs->arrow ? base->type.cls != OL_TY_POINTER
		       : base->kind != OL_E_VAR || !base->var->type.reference)
		return false;
	int v = sym_root(s, val);
	if (v < 0 || s->syms[v].rs != R_BORROWED || s->syms[v].owner < 0)
		return false;
	int o = sym_root(s, s->syms[v].owner);
	const char *api = s->syms[v].acq ? s->syms[v].acq->name
					 : s->syms[v].acq_name;
	if (o < 0 || s->syms[o].param < 0 || !api)
		return false;
	if (!strncmp(api, "PyTuple_", 8))
		return true;
	return (!strncmp(api, "PyList_", 7) || !strncmp(api, "PyDict_", 7)) &&
	       callers_pass_local(c, (unsigned)s->syms[rb].param);
}

// `self->dict = PyModule_GetDict(self->module)` (YARS's controller keeps
// `_pModule = PyImport_ImportModule(..)` and `_pDict =
// PyModule_GetDict(_pModule)` in members): a borrow of what the object a
// field of the same object holds (a reference stored there by this
// function, or read from there) never lets go of while it lives, a
// module's dict or a tuple's item. The object keeps it alive as long as
// it keeps that field: the borrow goes nowhere its owner does not (1
// false row of C++ round 90). Not an item of a dict or a list, which
// Python code may replace while the owner lives (a module's function,
// rebound by a script: cxx/module-dict-member-bad.cpp).
static bool owner_held_beside(const state *s, int rb, int val)
{
	int v = sym_root(s, val);
	if (rb < 0 || v < 0 || s->syms[v].rs != R_BORROWED ||
	    s->syms[v].owner < 0)
		return false;
	const char *api = s->syms[v].acq ? s->syms[v].acq->name
					 : s->syms[v].acq_name;
	if (!api || (strcmp(api, "PyModule_GetDict") &&
		     strncmp(api, "PyTuple_", 8)))
		return false;
	// (held: read from there, or a reference of its own stored there)
	int o = sym_root(s, s->syms[v].owner);
	for (unsigned k = 0; o >= 0 && k < s->nfs; k++)
		if (s->fs[k].base == rb && s->fs[k].ix < 0 &&
		    s->fs[k].val >= 0 && sym_root(s, s->fs[k].val) == o &&
		    (s->fs[k].read || s->syms[o].rs != R_BORROWED))
			return true;
	return false;
}

// The object whose memory the field `lhs` writes is in: the object
// `rb` (the root `lhs`'s base evaluates to) itself, or, for a field of a
// struct or union embedded in it (`self->access.value`), the object it
// was read from. -1 when not known.
static int field_owner(const state *s, const ol_expr *lhs, int rb)
{
	int cur = rb;
	for (const ol_expr *e = lhs; cur >= 0 && e->kind == OL_E_MEMBER &&
				     !e->arrow && e->sub[0] &&
				     e->sub[0]->kind == OL_E_MEMBER &&
				     e->sub[0]->text;
	     e = e->sub[0]) {
		int up = -1;
		for (unsigned k = 0; k < s->nfs && up < 0; k++)
			if (s->fs[k].read && s->fs[k].val >= 0 &&
			    s->fs[k].base >= 0 &&
			    sym_root(s, s->fs[k].val) == cur &&
			    !strcmp(s->fs[k].field, e->sub[0]->text))
				up = sym_root(s, s->fs[k].base);
		cur = up;
	}
	return cur;
}

// `f->md = md`: a parameter's object, as the caller lent it, put into a
// plain struct (not an object) the caller handed in by pointer, a finder
// or parse state it keeps on its stack. What the caller lent goes back
// into its own struct: unless a Py_INCREF pays for it, nothing is kept,
// the parameter is borrowed still (its caller's own reference stays its
// own to release), and no borrow escapes (MOJO-BOR-202).
static bool lent_into_callers_struct(const ctx *c, const state *s,
				     const ol_expr *lhs, int val)
{
	int r = sym_root(s, val);
	if (r < 0 || s->syms[r].param < 0 || s->syms[r].rs != R_BORROWED ||
	    s->syms[r].kind != OL_SM_PYREF || !callers_struct_field(lhs))
		return false;
	// (An object field of it, not an opaque `void *data` slot a C
	// library keeps; not a C++ member's own object, an owner class
	// whose members decide who releases; not a field some function of
	// the file releases, whose stores hand references over: a writer's
	// `writer->buffer = buffer`.)
	const ol_type *t = &lhs->sub[0]->var->type;
	return !c->fn->cxx_member && is_object_pointer(&lhs->type) &&
	       !field_released(c->tu, owner_type_of(lhs), lhs->text) &&
	       t->pointee && strncmp(t->pointee, "PyObject", 8);
}

// A borrowed reference this function stored (into a field) and then paid
// for with Py_INCREF: the field holds a reference of its own.
static bool paid_store(const sym *y)
{
	return y->rs == R_BORROWED && y->handed_over && !y->owed &&
	       !y->consumed;
}

// A store of `val` into field `field` of the object `rb` points to: a
// value parked there before by the same parameter's pointer (a borrowed
// reference stored while a call runs, sm/pyref.c's owe_lhs) is taken out
// again when another value overwrites it (store_undone()). A value stored
// twice keeps its stores.
static void note_field_store(state *s, int rb, const char *field, int val)
{
	if (rb < 0 || s->syms[rb].param < 0)
		return;
	int v = sym_root(s, val);
	if (v >= 0 && s->syms[v].field_stores < UINT8_MAX)
		s->syms[v].field_stores++;
	for (unsigned k = 0; k < s->nsyms; k++) {
		sym *o = &s->syms[k];
		if ((int)k != v && o->owe_lhs && o->field_stores == 1 &&
		    o->kept_in == s->syms[rb].param &&
		    o->owe_lhs->kind == OL_E_MEMBER && o->owe_lhs->text &&
		    !strcmp(o->owe_lhs->text, field))
			o->store_undone = true;
	}
}

// Stores `val` into the lvalue `lhs`.
void store(ctx *c, state *s, const ol_expr *lhs, int val)
{
	bool into_local = false; // `p[0] = v` with p into a local array
	bool into_foreign = false;
	bool handed_back = false; // a tuple item into the caller's struct
	bool into_itself = store_into_itself(s, lhs, val);
	// A raw pointer in an intrusive list (links.c): no reference goes.
	// Nor into an object's `ob_type`, as Py_SET_TYPE writes it (opensips'
	// `set_Py_Type(o, t) { o->ob_type = t; }`, C round 103): the type's
	// reference, for a heap type, is the allocation's business.
	bool link = link_store(c->tu, lhs) ||
		    (lhs->kind == OL_E_MEMBER && lhs->text &&
		     !strcmp(lhs->text, "ob_type"));
	if (c->sum && !(lhs->kind == OL_E_VAR && is_local(lhs->var)) &&
	    !local_aggregate(lhs))
		c->sum->stores = true; // (summary_keeps_memory())
	switch (lhs->kind) {
	case OL_E_VAR:
		bind_global(c, s, lhs->var, val, lhs->loc);
		// (C++) `PyObject *&out = args[i].second; out = v;` writes
		// where the reference was bound, memory not followed: the
		// value goes there.
		if (val >= 0 && lhs->var->type.reference && is_local(lhs->var))
			escape(s, val);
		return;
	case OL_E_MEMBER: {
		int b = eval(c, s, lhs->sub[0]);
		if (lhs->arrow)
			deref_check(c, s, b, lhs->loc);
		int rb = sym_root(s, b);
		if (lhs->arrow)
			written_through(c, s, b);
		// The object itself, as a plain pointer in C memory it keeps
		// (hoep's `state = self->renderer->opaque; state->opaque =
		// self;`, a renderer its dealloc frees): the pointer lives
		// and dies with the object, and owes no reference (C round
		// 66).
		int vr = sym_root(s, val);
		if (lhs->arrow && rb >= 0 && s->syms[rb].in_self && vr >= 0 &&
		    is_param0(c, s, vr) && s->syms[vr].kind == OBJECT_KIND &&
		    !lhs->type.object)
			into_itself = true;
		// (and a plain pointer stored into the object's field is
		// memory it keeps from now on: `self->renderer = ..new(..)`)
		if (lhs->arrow && rb >= 0 && vr >= 0 && is_param0(c, s, rb) &&
		    s->syms[rb].kind == OBJECT_KIND &&
		    is_pointer(&lhs->type) && !lhs->type.object)
			s->syms[vr].in_self = true;
		handed_back = tuple_item_handed_back(c, s, lhs, rb, val) ||
			      owner_held_beside(s, rb, val);
		memory_given(s, rb); // `arr->base = owner` (old NumPy API)
		into_foreign = rb >= 0 && s->syms[rb].foreign_mem;
		// (`ctx.frames[0].list = v` with `frames` into a local array)
		into_local = (!lhs->arrow && rb >= 0 && s->syms[rb].local_mem) ||
			     (lhs->arrow && points_to_local_record(c, s, rb));
		if (lhs->text)
			drop_stale(s, -1, lhs->text);
		fslot *f = lhs->text ? field_slot(s, rb, lhs->text) : NULL;
		bool elsewhere = false;
		for (unsigned k = 0; f && k < s->nfs; k++)
			if (&s->fs[k] != f && s->fs[k].val == f->val &&
			    !s->fs[k].read)
				elsewhere = true; // moved to another field
		if (f && (f->read || paid_store(&s->syms[f->val])) &&
		    f->val != val && !elsewhere) {
			// The field's own reference, read before, is now
			// ours: `tmp = self->x; self->x = NULL;`. So is one
			// this function stored there and paid for: `op->ctx =
			// self; Py_INCREF(self);`, then `op->ctx = NULL;`.
			const ol_sm *m = sm_of(&s->syms[f->val]);
			if (m && m->on_field_overwritten)
				m->on_field_overwritten(c, s, f->val, lhs);
			// An untracked pointer (`ElementObject *elem =
			// it->root_element; it->root_element = NULL;`) is no
			// longer what the object's field holds (sm/borrow.c).
			if (!m)
				s->syms[f->val].from_param0 = false;
		}
		// `other->owner = NULL` over a reference never read, or read
		// only to be tested (no variable holds it, and the value read
		// is not followed as a reference): the function owes it,
		// until a release pays it back (holder.c). Also where that
		// test said NULL: the code clears the field as if it held a
		// reference (persistent's `if (o->cache) ..; o->cache = NULL;
		// Py_DECREF(self);`), and we say less.
		bool only_tested = f && f->read && !s->syms[f->val].name &&
				   (s->syms[f->val].signs == S_ZERO ||
				    s->syms[f->val].kind < 0);
		const char *dropped = NULL;
		if ((!f || only_tested) && lhs->arrow &&
		    is_object_pointer(&lhs->type) &&
		    s->syms[sym_root(s, val)].signs == S_ZERO)
			dropped = lhs->type.pointee;
		if (f && f->val != val && s->syms[f->val].field_ref &&
		    !s->syms[f->val].name && s->syms[f->val].rs == R_OWNED) {
			sym *old = &s->syms[f->val];
			dropped = old->field_ref;
			old->field_ref = NULL;
			old->rs = R_NONE;
			old->kind = -1;
		}
		// `self->released = true;` (sm/pyref.c: a self-reference
		// dropped next).
		if (rb >= 0 && s->syms[rb].param == 0 &&
		    !is_object_pointer(&lhs->type) &&
		    s->syms[sym_root(s, val)].has_val)
			s->syms[rb].self_marked = true;
		if (lhs->text)
			note_field_store(s, rb, lhs->text, val);
		if (lhs->text) {
			if (!f)
				f = field_add(s, rb, lhs->text, val, false);
			f->val = val;
			f->read = false;
			f->object = is_object_pointer(&lhs->type);
			f->by_value = lhs->type.cls == OL_TY_RECORD;
			f->dropped_ref = dropped;
		}
		sym *v = &s->syms[sym_root(s, val)];
		if (link)
			break;
		if (rb >= 0 && s->syms[rb].param >= 0)
			v->kept_in = s->syms[rb].param;
		// A parameter kept by an object this function made: a
		// maker's (summary.c).
		int owner = field_owner(s, lhs, rb);
		if (v->param >= 0 && owner >= 0 && s->syms[owner].rs == R_OWNED)
			v->into_made = true;
		// (A member of an owner class type is released by its own
		// destructor: no field of the class owns the reference.)
		if (v->rs == R_OWNED && lhs->text && !v->st_field &&
		    !into_itself && !lhs->owner_object) {
			v->st_type = owner_type_of(lhs);
			v->st_field = lhs->text;
			v->st_vtype = object_type_of(c->assign_rhs);
			if (!v->st_vtype)
				v->st_vtype = lhs->type.pointee;
			v->st_loc = lhs->loc;
			v->st_param0 = is_param0(c, s, rb);
		}
		break;
	}
	case OL_E_DEREF:
	case OL_E_INDEX: {
		int b = eval(c, s, lhs->sub[0]);
		int ix = lhs->kind == OL_E_INDEX ? eval(c, s, lhs->sub[1]) : -1;
		if (is_pointer(&lhs->sub[0]->type))
			deref_check(c, s, b, lhs->loc);
		written_through(c, s, b);
		FOR_EACH_MACHINE(m)
			if (m->on_store_through)
				m->on_store_through(c, s, lhs, b, ix);
		sym *w = &s->syms[b];
		// A local array, or a heap block this function owns (a
		// vectorcall argument vector too big for the stack): it
		// holds borrowed references while the borrows last.
		int rw = sym_root(s, b);
		// alloca'd or arena memory: cffi's `unique_key[i] = item`.
		into_foreign = rw >= 0 && s->syms[rw].foreign_mem;
		const ol_sm *wm = rw >= 0 ? sm_of(&s->syms[rw]) : NULL;
		into_local = w->local_mem ||
			     (rw >= 0 && s->syms[rw].rs == R_OWNED && wm &&
			      wm->owned_memory_is_local);
		break;
	}
	case OL_E_CALL:
		// (C++) A call that gives the place: `map[key] = v` runs the
		// container's operator[] first, which keeps the key
		// (datatable's `kwd_map[py_name] = i`).
		eval(c, s, lhs);
		break;
	default:
		break;
	}
	if (into_itself || link)
		return;
	if (local_aggregate(lhs) || into_local) {
		// `stack[0] = func` into a local array: still this
		// function's to manage; an owned value stops being tracked.
		// One not ours yet (stolen by a helper before) may get the
		// reference the array holds next: `ctx.object = o;
		// Py_INCREF(o); stack.push_back(ctx);`.
		int r = sym_root(s, val);
		if (r >= 0 && s->syms[r].rs != R_OWNED)
			s->syms[r].in_local_agg = true;
		escape(s, val);
		return;
	}
	if (lent_into_callers_struct(c, s, lhs, val)) {
		// (consumed for the payment a Py_INCREF may still make:
		// unpaid, the summary does not count it, summary.c)
		store_escape(s, val);
		s->syms[sym_root(s, val)].lent_back = true;
		return;
	}
	store_escape(s, val);
	// (Into memory from an allocator we know nothing of, cffi's arena
	// or aws-crt-python's `aws_mem_calloc()`: a Py_INCREF that pays for
	// it is the function's own reference, sm/pyref.c.)
	int vr = sym_root(s, val);
	if (into_foreign && vr >= 0 && s->syms[vr].rs == R_BORROWED)
		s->syms[vr].owe_foreign = true;
	// `*out = borrowed` hands the value back to the caller, like a
	// return: no borrow escapes through an out-parameter. Nor through a
	// place that holds a number (`sqe->addr = (uint64_t)(uintptr_t)op`,
	// an id to cancel a request by): a borrowed pointer kept as an
	// integer may be a key, never read back as the object.
	if (lhs->kind != OL_E_DEREF && !into_foreign && !handed_back &&
	    lhs->type.cls != OL_TY_INT)
		stored_elsewhere(c, s, val, lhs->loc, lhs);
}

// For `node->value` (or `blk->data`), `node` a local holding a pointer
// read from a field of the object handed in (`node = self->head`), not
// itself an object: that value, whose field links to storage the object
// owns; else NULL.
static const sym *storage_link(const state *s, const ol_expr *e)
{
	if (!e || e->kind != OL_E_MEMBER || !e->arrow || !e->sub[0] ||
	    e->sub[0]->kind != OL_E_VAR || !e->sub[0]->var ||
	    e->sub[0]->type.object)
		return NULL;
	int v = s->env[e->sub[0]->var->id];
	const sym *n = v >= 0 ? &s->syms[sym_root(s, v)] : NULL;
	return n && n->from_field && n->from_param0 && n->kind < 0 ? n
								  : NULL;
}

// `type->tp_alloc`, `Py_TYPE(self)->tp_free`: a type object's allocation
// slots are never NULL (PyType_Ready inherits them from `object`), so a
// defensive `if (!type->tp_alloc)` is never taken (ligo-segments).
static bool field_never_null(const ol_expr *e)
{
	if (e->arrow && e->text && e->sub[0] &&
	    (!strcmp(e->text, "tp_alloc") || !strcmp(e->text, "tp_free")) &&
	    is_type_pointer(&e->sub[0]->type))
		return true;
	// An ndarray's data (`PyArray_DATA()` of NumPy's deprecated API,
	// a read of `((PyArrayObject_fields *)a)->data`): NumPy allocates
	// it for every array it makes, one byte at least when the array is
	// empty (MNN's `if (NULL == tmpBuffer)`, never taken).
	const char *owner = e->arrow && e->text && e->sub[0]
				    ? e->sub[0]->type.pointee : NULL;
	return owner && !strcmp(e->text, "data") &&
	       (!strcmp(owner, "PyArrayObject_fields") ||
		!strcmp(owner, "struct tagPyArrayObject_fields") ||
		!strcmp(owner, "tagPyArrayObject_fields"));
}

static int eval_member(ctx *c, state *s, const ol_expr *e)
{
	int b = eval(c, s, e->sub[0]);
	if (e->arrow)
		deref_check(c, s, b, e->loc);
	int rb = sym_root(s, b);
	int old = -1;
	if (e->text) {
		fslot *f = field_slot(s, rb, e->text);
		if (f)
			return f->val;
		fslot *st = stale_slot(s, rb, e->text);
		old = st ? st->val : -1;
	}
	int r;
	// A local struct's field this function never wrote holds what a
	// callee given its address put there (`parse(s, &h); return
	// h.root;`): whose reference that is, nobody says.
	bool filled_by_callee = !e->arrow && e->sub[0]->kind == OL_E_VAR &&
				is_local(e->sub[0]->var) &&
				e->sub[0]->type.cls == OL_TY_RECORD &&
				rb >= 0 && s->syms[rb].kind < 0;
	if (is_pyobj(&e->type) && !filled_by_callee) {
		// Someone else's reference, unless we take it out of the
		// field (see store()).
		r = new_borrowed(c, s, S_ZERO | S_POS, NULL, e->loc, true);
		s->syms[r].name = NULL;
	} else {
		r = sym_fresh(s, &e->type);
		if (e->type.cls == OL_TY_ARRAY || field_never_null(e))
			s->syms[r].signs = S_POS;
		// C memory the first parameter's object keeps
		if (e->arrow && is_pointer(&e->type) && !e->type.object &&
		    rb >= 0 &&
		    ((is_param0(c, s, rb) &&
		      s->syms[rb].kind == OBJECT_KIND) ||
		     s->syms[rb].in_self))
			s->syms[r].in_self = true;
		// The reference count of an object the path holds or
		// borrows, alive: 1 or more (pyclops' owner class tests
		// `x->ob_refcnt <= 0` of what it is given, a throw never
		// taken: C++ round 63).
		if (e->arrow && e->text && !strcmp(e->text, "ob_refcnt") &&
		    rb >= 0 && s->syms[rb].kind == OBJECT_KIND &&
		    !s->syms[rb].released &&
		    (s->syms[rb].rs == R_OWNED ||
		     s->syms[rb].rs == R_BORROWED) &&
		    !(s->syms[rb].signs & S_ZERO)) {
			s->syms[r].signs = S_POS;
			s->syms[r].has_lo = true;
			s->syms[r].lo = 1;
		}
	}
	s->syms[r].from_type = owner_type_of(e);
	s->syms[r].from_field = e->text;
	s->syms[r].from_param0 = is_param0(c, s, rb);
	// `node->value` of a node `node = self->head`: an item of storage
	// the object handed in owns (sm/borrow.c).
	const sym *link = is_pyobj(&e->type) ? storage_link(s, e) : NULL;
	if (link) {
		s->syms[r].storage_type = link->from_type;
		s->syms[r].storage_field = link->from_field;
	}
	// What a value of a kind has in its fields is its machine's to say
	// (a buffer view's `buf` and `obj`).
	if (rb >= 0 && s->syms[rb].kind >= 0) {
		const ol_sm *m = sm_of(&s->syms[rb]);
		if (m->on_member_read)
			m->on_member_read(c, s, e, rb, r);
	}
	// `p->v.Name`: an embedded struct lives in p's memory. (An array in
	// a local struct, `ctx.inline_frames`, is a local array: portage's
	// parser keeps its frames there, `ctx.frames = ctx.inline_frames`.)
	if (rb >= 0 && (e->type.cls == OL_TY_RECORD ||
			e->type.cls == OL_TY_ARRAY)) {
		s->syms[r].foreign_mem = s->syms[rb].foreign_mem;
		s->syms[r].local_mem = s->syms[rb].local_mem ||
				       (e->type.cls == OL_TY_ARRAY &&
					local_aggregate(e));
	}
	if (old >= 0) {
		// The field's value read again after a call that could not
		// assign it: what its earlier value was tested to be (not) it
		// still is. (A new value otherwise: a borrow of its own.)
		const sym *o = &s->syms[sym_root(s, old)];
		s->syms[r].eq_stat = o->eq_stat;
		s->syms[r].ne_stat = o->ne_stat;
		drop_stale_slot(s, rb, e->text);
	}
	if (e->text)
		field_add(s, rb, e->text, r, true);
	return r;
}

// CPython's statically allocated singletons: Py_None (&_Py_NoneStruct),
// Py_True/Py_False (&_Py_TrueStruct, a PyLongObject), Py_NotImplemented,
// Py_Ellipsis (&_Py_EllipsisObject), and any other global object struct.
// The name users write for a singleton's struct: `Py_None` for
// `&_Py_NoneStruct`, and so on; other names as they are.
static const char *singleton_name(const char *var)
{
	static const char *const names[][2] = {
		{"_Py_NoneStruct", "Py_None"},
		{"_Py_TrueStruct", "Py_True"},
		{"_Py_FalseStruct", "Py_False"},
		{"_Py_NotImplementedStruct", "Py_NotImplemented"},
		{"_Py_EllipsisObject", "Py_Ellipsis"},
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (!strcmp(var, names[i][0]))
			return names[i][1];
	return var;
}

// A type object defined statically (`PyTypeObject FooType`) is one too.
bool is_static_object(const ol_var *v)
{
	if (is_local(v) || v->type.cls != OL_TY_RECORD || !v->type.spelling)
		return false;
	return v->type.object || !strcmp(v->type.spelling, "struct _object") ||
	       !strncmp(v->name, "_Py_", 4);
}

// `&v`: for a static object (&_Py_NoneStruct, a static type) a borrow,
// since nobody hands us a reference to it.
static int address_of(ctx *c, state *s, const ol_var *var, ol_loc loc)
{
	unsigned v = var->id;
	if (s->addr[v] < 0) {
		int i;
		if (is_static_object(var)) {
			i = new_borrowed(c, s, S_POS, NULL, loc, false);
			s->syms[i].static_obj = true;
		} else
			i = sym_new(s, S_POS);
		s->syms[i].addr_var = (int)v;
		s->syms[i].name = singleton_name(var->name);
		s->addr[v] = i;
	}
	return s->addr[v];
}

// A file function called (`init_types()`) that leaves a reference on
// static objects with its caller, as `Py_INCREF(&FooType)` there would.
void take_static_kept(ctx *c, state *s, const ol_kb_entry *ent,
		      const char *api, ol_loc loc)
{
	const char *name;
	for (unsigned n = 0; (name = summary_static_kept(ent, n)); n++)
		for (unsigned v = 0; v < c->fn->nvars; v++) {
			const ol_var *var = c->fn->vars[v];
			if (!var->name || strcmp(var->name, name) ||
			    !is_static_object(var))
				continue;
			incref(c, s, OBJECT_KIND, address_of(c, s, var, loc),
			       NULL, api, loc, true);
			break;
		}
}

// The knowledge-base entry of the macro an index or assignment expression
// was written as (PyTuple_GET_ITEM, PyList_SET_ITEM), or NULL.
const ol_kb_entry *macro_entry(const ctx *c, const ol_expr *e)
{
	if (!e->macro || !c->kb)
		return NULL;
	const ol_kb_entry *m = ol_kb_lookup(c->kb, e->macro);
	return m && m->macro ? m : NULL;
}

// (C++) Whether a thrower that throws only through its arguments' type
// slots (cfg/cxx_exc.c) may throw here: not when each is of an exact
// builtin type. The arguments are only read.
static int eval_throw_test(ctx *c, state *s, const ol_expr *e)
{
	bool may = false;
	for (unsigned k = 0; k < e->nargs; k++)
		if (!ol_borrow_exact_builtin(s, eval(c, s, e->args[k])))
			may = true;
	return may ? sym_fresh(s, &e->type) : sym_const(s, 0);
}

int eval(ctx *c, state *s, const ol_expr *e)
{
	if (!e)
		return sym_new(s, S_ALL);
	switch (e->kind) {
	case OL_E_VAR:
		return read_var(c, s, e->var);
	case OL_E_INT:
		return sym_const(s, e->ival);
	case OL_E_NULL:
		return sym_const(s, 0);
	case OL_E_STRING: {
		int v = sym_new(s, S_POS);
		s->syms[v].closed = true;
		return v;
	}
	case OL_E_FUNCREF:
		return sym_new(s, S_POS);
	case OL_E_FLOAT:
	case OL_E_SIZEOF:
		return sym_fresh(s, &e->type);
	case OL_E_CALL:
		return eval_call(c, s, e);
	case OL_E_MEMBER:
		return eval_member(c, s, e);
	case OL_E_DEREF:
	case OL_E_INDEX: {
		int b = eval(c, s, e->sub[0]);
		if (e->kind == OL_E_INDEX)
			eval(c, s, e->sub[1]);
		if (is_pointer(&e->sub[0]->type))
			deref_check(c, s, b, e->loc);
		// `*pp` of `pp = &v`: what v holds (a cleanup attribute's
		// function given `&v`, cfg/cleanup.c).
		if (e->kind == OL_E_DEREF && s->syms[b].addr_var >= 0 &&
		    s->env[s->syms[b].addr_var] >= 0)
			return s->env[s->syms[b].addr_var];
		// An object read through a pointer parameter (`Py_XDECREF(*p)`,
		// `Py_XINCREF(*cb)` of a `PyObject *&cb`): what the function
		// does to it, its summary cannot say (its effects speak of
		// the arguments themselves); callers forget what they passed
		// it, as of a store through the pointer.
		if (e->kind == OL_E_DEREF && is_pyobj(&e->type))
			written_through(c, s, b);
		// A machine may model the item (a container's borrow).
		FOR_EACH_MACHINE(m)
			if (m->on_index_read) {
				int r = m->on_index_read(c, s, e, b);
				if (r >= 0)
					return r;
			}
		int r = sym_fresh(s, &e->type);
		// `self->items[i]`: an item of an array the object handed in
		// owns, read with no reference of our own (sm/borrow.c: the
		// code a later call runs may change the array's items).
		const sym *arr = &s->syms[b];
		const sym *link = NULL;
		if (e->kind == OL_E_INDEX && is_pyobj(&e->type)) {
			// `blk->data[j]` of a block `blk = self->first`
			link = arr->from_field && arr->from_param0
				? arr : storage_link(s, e->sub[0]);
		}
		if (link) {
			s->syms[r].storage_type = link->from_type;
			s->syms[r].storage_field = link->from_field;
		}
		// `iov[i]`, a struct element: it lives in the pointed-to
		// memory (a local array, alloca, an arena), as `p->v` does.
		if (e->type.cls == OL_TY_RECORD || e->type.cls == OL_TY_ARRAY) {
			int rb = sym_root(s, b);
			s->syms[r].local_mem = s->syms[b].local_mem;
			s->syms[r].foreign_mem = rb >= 0 &&
						 s->syms[rb].foreign_mem;
		}
		return r;
	}
	case OL_E_ADDR: {
		const ol_expr *o = e->sub[0];
		if (o && o->kind == OL_E_VAR)
			return address_of(c, s, o->var, e->loc);
		// &p->field, &a[i]: evaluate the operands, no access.
		int base = -1;
		if (o && (o->kind == OL_E_MEMBER || o->kind == OL_E_INDEX ||
			  o->kind == OL_E_DEREF)) {
			base = eval(c, s, o->sub[0]);
			if (o->kind == OL_E_INDEX)
				eval(c, s, o->sub[1]);
		} else if (o) {
			eval(c, s, o);
		}
		int r = sym_new(s, S_POS);
		if (o && o->kind == OL_E_MEMBER && o->text) {
			// `&st->key` names the field: releasing through it
			// (PyThread_tss_delete(&st->key)) releases the field's
			// resource, for the ownership graph (issue 12).
			s->syms[r].from_type = owner_type_of(o);
			s->syms[r].from_field = o->text;
			s->syms[r].from_param0 =
				is_param0(c, s, sym_root(s, base));
		}
		return r;
	}
	case OL_E_UNARY: {
		const ol_expr *o = e->sub[0];
		if (e->op >= OL_OP_PREINC && e->op <= OL_OP_POSTDEC &&
		    o->kind == OL_E_MEMBER && o->arrow && o->text &&
		    !strcmp(o->text, "ob_refcnt")) {
			// A reference count changed by hand: Py_DECREF or
			// Py_INCREF written out (CPython's ceval.c redefines
			// Py_DECREF so; Cython's deallocators). The count
			// itself is not followed.
			int b = eval(c, s, o->sub[0]);
			c->written_decref = true;
			if (e->op == OL_OP_PREINC || e->op == OL_OP_POSTINC)
				incref(c, s, OBJECT_KIND, b, o->sub[0],
				       "Py_INCREF", e->loc, false);
			else
				release(c, s, b, "Py_DECREF", e->loc, false);
			return sym_new(s, S_ALL);
		}
		if (e->op >= OL_OP_PREINC && e->op <= OL_OP_POSTDEC) {
			int old = eval(c, s, o);
			long long d = (e->op == OL_OP_PREINC ||
				       e->op == OL_OP_POSTINC) ? 1 : -1;
			int one = sym_const(s, d);
			int nv = eval_binary(s, OL_OP_ADD, old, one, &o->type,
					     &e->type, &o->type);
			if (o->kind == OL_E_VAR)
				bind_var(s, o->var, nv);
			else
				store(c, s, o, nv);
			return (e->op == OL_OP_PREINC ||
				e->op == OL_OP_PREDEC) ? nv : old;
		}
		int v = eval(c, s, o);
		const sym *y = &s->syms[v];
		if (y->has_val) {
			switch (e->op) {
			case OL_OP_NOT: return sym_const(s, !y->val);
			case OL_OP_NEG: return sym_const(s, (long long)(0ull - (unsigned long long)y->val));
			case OL_OP_BITNOT: return sym_const(s, ~y->val);
			case OL_OP_PLUS: return v;
			default: break;
			}
		}
		if (e->op == OL_OP_NOT) {
			if (y->signs == S_ZERO)
				return sym_const(s, 1);
			if (!(y->signs & S_ZERO))
				return sym_const(s, 0);
			// `!p` is the outcome of `p == 0`, `!!p` of `p != 0`
			// (an owner's inlined `operator bool() { return !!obj;
			// }`: kiwipiepy): a test of it tests p.
			int of = sym_root(s, v), st = -1;
			ol_opcode op = OL_OP_EQ;
			long long k = 0;
			if (of >= 0 && s->syms[of].cmp_of >= 0) {
				const sym *t = &s->syms[of];
				op = negate_cmp(t->cmp_op);
				k = t->cmp_k;
				st = t->cmp_stat;
				of = t->cmp_of;
			}
			int i = sym_new(s, S_ZERO | S_POS); // (moves s->syms)
			s->syms[i].is_bool = true;
			if (of >= 0) {
				s->syms[i].cmp_of = of;
				s->syms[i].cmp_op = op;
				s->syms[i].cmp_k = k;
				s->syms[i].cmp_stat = st;
			}
			return i;
		}
		if (e->op == OL_OP_PLUS)
			return v;
		return sym_fresh(s, &e->type);
	}
	case OL_E_BINARY: {
		int l = eval(c, s, e->sub[0]);
		int r = eval(c, s, e->sub[1]);
		return eval_binary(s, e->op, l, r, &e->sub[0]->type,
				   &e->sub[1]->type, &e->type);
	}
	case OL_E_ASSIGN: {
		if (e->op == OL_OP_NONE && e->sub[1]->kind == OL_E_INITLIST &&
		    local_whole_aggregate(e->sub[0]))
			return eval_local_initlist(c, s, e->sub[1]);
		int r = eval(c, s, e->sub[1]);
		FOR_EACH_MACHINE(m)
			if (m->on_assign && m->on_assign(c, s, e, r))
				return r;
		if (e->op != OL_OP_NONE) {
			int l = eval(c, s, e->sub[0]);
			r = eval_binary(s, e->op, l, r, &e->sub[0]->type,
					&e->sub[1]->type, &e->sub[0]->type);
		}
		c->assign_rhs = e->op == OL_OP_NONE ? e->sub[1] : NULL;
		if (e->op == OL_OP_NONE)
			keep_type_range(s, e->sub[0], e->sub[1], r);
		store(c, s, e->sub[0], r);
		c->assign_rhs = NULL;
		return r;
	}
	case OL_E_UNKNOWN:
		if (e->throws_via_args)
			return eval_throw_test(c, s, e);
		if (e->lets_go) {
			for (unsigned k = 0; k < e->nargs; k++)
				escape(s, eval(c, s, e->args[k]));
			return sym_fresh(s, &e->type);
		}
		// fall through
	case OL_E_INITLIST:
	default:
		// Values placed into an aggregate are stored somewhere we do
		// not follow.
		for (unsigned k = 0; k < e->nargs; k++)
			store_escape(s, eval(c, s, e->args[k]));
		for (int k = 0; k < 2; k++)
			if (e->sub[k])
				store_escape(s, eval(c, s, e->sub[k]));
		return sym_fresh(s, &e->type);
	}
}
