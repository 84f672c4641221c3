/*
 * staticargs.c — parameters every caller gives a static object.
 *
 * immutables' `map_baseview_new(type, yield, o, itertype)` keeps
 * `itertype` in its view (`Py_INCREF(itertype); view->mv_itertype =
 * itertype;`), and its three callers pass `&_MapKeysIter_Type`,
 * `&_MapValuesIter_Type` and `&_MapItemsIter_Type`: static types, never
 * freed nor collected, which tp_traverse need not visit (MOJO-OWN-110).
 * Read alone, the helper keeps any object there.
 *
 * So, before any function is analysed, the file's calls are read: for a
 * static function (not registered in a table, its address not taken in a
 * function of the file, one function of its name, no C++ member), a
 * parameter to which every call gives the address of a static object
 * (`&FooType`, a cast of it) holds a static object: what the function
 * stores of it into a field is a static value (report.c's fact(), for
 * the ownership graph). The parameter is followed as any other (a
 * helper that hands it to a steal still takes a reference its callers
 * give it, and is reported where they call it). A call the file's CFGs
 * do not show (one from a static initializer's table, from a function
 * left out for its errors) is not seen: the reading is of the calls that
 * are.
 *
 * The same reading gives the integer parameters to which every call gives
 * a constant (xrayutilities' `check_and_convert_to_contiguous(o, ..,
 * NPY_DOUBLE)` and `(.., NPY_INT32)`): the parameter's value lies between
 * the least and the greatest of them when the function starts (eval.c),
 * so that `PyArray_DescrFromType(typenum)` of a built-in type number is
 * known not to fail, and a test the constants decide is decided.
 */
#include "engine_int.h"

#include <string.h>

// The address of a static object, through casts (`(PyObject
// *)&FooType`).
static bool static_object_address(const ol_expr *e)
{
	e = strip_casts(e);
	if (!e || e->kind != OL_E_ADDR || !e->sub[0])
		return false;
	const ol_expr *v = strip_casts(e->sub[0]);
	return v && v->kind == OL_E_VAR && v->var && is_static_object(v->var);
}

#define STATIC_INT_PARAMS 8

// The integer constants call `e` gives (before static_args_seen is set
// for its first call).
static void note_int_args(summary *sm, const ol_expr *e)
{
	for (unsigned a = 0; a < STATIC_INT_PARAMS; a++) {
		const ol_expr *x = a < e->nargs ? strip_casts(e->args[a]) : NULL;
		uint8_t bit = (uint8_t)(1u << a);
		if (!x || x->kind != OL_E_INT) {
			sm->int_args &= (uint8_t)~bit;
		} else if (!sm->static_args_seen) {
			sm->int_args |= bit;
			sm->int_lo[a] = sm->int_hi[a] = x->ival;
		} else if (sm->int_args & bit) {
			if (x->ival < sm->int_lo[a])
				sm->int_lo[a] = x->ival;
			if (x->ival > sm->int_hi[a])
				sm->int_hi[a] = x->ival;
		}
	}
}

static void scan(tu_ctx *tu, const ol_expr *e)
{
	if (!e)
		return;
	if (e->kind == OL_E_FUNCREF && e->text) {
		size_t first, n = summaries_named(tu, e->text, &first);
		for (size_t k = first; k < first + n; k++)
			tu->sums[tu->by_name[k].index].addr_taken = true;
	}
	if (e->kind == OL_E_CALL && e->text && !e->fn) {
		size_t first, n = summaries_named(tu, e->text, &first);
		if (n == 1) {
			summary *sm = &tu->sums[tu->by_name[first].index];
			uint32_t mask = 0;
			for (unsigned a = 0; a < e->nargs && a < 32; a++)
				if (static_object_address(e->args[a]))
					mask |= 1u << a;
			sm->static_args = sm->static_args_seen
						  ? sm->static_args & mask
						  : mask;
			note_int_args(sm, e);
			sm->static_args_seen = true;
		}
	}
	expr_each_operand(tu, e, scan);
}

void staticargs_collect(tu_ctx *tu)
{
	tu_each_expr(tu, scan);
}

// Every call of `sm`'s function is one the file's CFGs show.
static bool calls_all_seen(const summary *sm)
{
	const ol_func *fn = sm ? sm->fn : NULL;
	return fn && fn->is_static && !fn->registered && !fn->cxx_member &&
	       !fn->c_callback && !fn->called_elsewhere && !sm->addr_taken &&
	       sm->static_args_seen;
}

bool staticargs_param(const summary *sm, unsigned i)
{
	return calls_all_seen(sm) && i < 32 && (sm->static_args >> i & 1);
}

bool staticargs_int_param(const summary *sm, unsigned i, long long *lo,
			  long long *hi)
{
	if (!calls_all_seen(sm) || i >= STATIC_INT_PARAMS ||
	    !(sm->int_args >> i & 1))
		return false;
	*lo = sm->int_lo[i];
	*hi = sm->int_hi[i];
	return true;
}
