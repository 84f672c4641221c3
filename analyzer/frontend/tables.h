/*
 * tables.h — the functions a translation unit registers with CPython: its
 * method tables, type slots and module definitions (tables.c). A function
 * registered there is called by the interpreter, so its contract is the
 * interpreter's (borrowed arguments; a new reference or an int status
 * returned), never a helper's inferred from its body.
 */
#ifndef OL_FRONTEND_TABLES_H
#define OL_FRONTEND_TABLES_H

#include "../base/vec.h"
#include "../cfg/build.h"

#include <stdbool.h>

typedef struct ol_registration {
	const char *func;  // the function's name
	const char *role;  // "ml_meth", "get", "tp_repr", "Py_tp_slot 65", ...
	const char *table; // the variable holding the table
	// A teardown slot (tp_dealloc, tp_free, tp_del, m_free): the object
	// is handed over to the function, not lent to it.
	bool teardown;
	ol_loc loc;        // the function's declaration as referenced
} ol_registration;

typedef OL_VEC(ol_registration) ol_registration_vec;

// Appends to `out` every function registered by a table defined in the
// translation unit (its main file or an included source file). Strings
// are allocated in `a`. Never fails: a table it cannot read is skipped.
void ol_tables_extract(ol_registration_vec *out, ol_arena *a,
		       CXTranslationUnit tu);

#endif
