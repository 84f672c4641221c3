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
			sm->static_args_seen = true;
		}
	}
	expr_each_operand(tu, e, scan);
}

void staticargs_collect(tu_ctx *tu)
{
	tu_each_expr(tu, scan);
}

bool staticargs_param(const summary *sm, unsigned i)
{
	const ol_func *fn = sm ? sm->fn : NULL;
	return fn && fn->is_static && !fn->registered && !fn->cxx_member &&
	       !fn->c_callback && !fn->called_elsewhere && !sm->addr_taken &&
	       sm->static_args_seen && i < 32 && (sm->static_args >> i & 1);
}
