/*
 * graph_int.h — the ownership graph's representation, shared by graph.c
 * (collection, merge), check.c (MOJO-OWN-108/110) and dump.c. Private to
 * graph/.
 *
 * Every string is interned in the graph's arena (`intern`), so equal
 * strings are equal pointers and comparisons are pointer compares.
 * Vectors hold records by value; records refer to each other by index.
 */
#ifndef OL_GRAPH_INT_H
#define OL_GRAPH_INT_H

#include "../base/arena.h"
#include "../base/vec.h"
#include "graph.h"

#define OL_GRAPH_NONE ((size_t)-1)

typedef struct g_owner {
	ol_owner_decl d; // strings interned
	unsigned tu;
} g_owner;

typedef struct g_field {
	const char *strukt, *field, *pointee; // pointee NULL: not a pointer
	unsigned tu;
} g_field;

typedef struct g_fact {
	ol_owner_fact_kind kind;
	const char *type; // NULL: a global
	const char *field, *value_type, *resource, *api, *func;
	const char *rel_api; // OL_FACT_CAPSULE: the destructor's release
	bool static_value;   // STORE: the address of a static object
	bool from_caller;    // STORE: a value the Python caller gave
	ol_loc loc;
	unsigned tu;
} g_fact;

typedef struct g_func {
	const char *name;
	ol_loc loc;
	bool is_static;
	bool untracks;   // calls PyObject_GC_UnTrack / _PyObject_GC_UNTRACK
	bool at_exit;    // registered with Py_AtExit()
	unsigned tu;
	size_t call0, ncalls; // range in ol_graph.calls
	size_t glob0, nglob;  // globals it mentions: range in ol_graph.fglobals
	size_t next_same;     // next function with this name, or NONE
} g_func;

// A global variable some function of the TU uses.
typedef struct g_global {
	const char *name;
	unsigned tu;
} g_global;

// An object-level edge between two variables of one function: `from`
// owns `to` after `label` (the API or "->field") at `loc`.
typedef struct g_objedge {
	const char *func, *from, *to, *label;
	ol_loc loc;
	unsigned tu;
	bool cyclic; // part of a reported cycle
} g_objedge;

// A type's slot filled at run time: `Foo_Type.tp_dealloc = foo_dealloc;`
// in the module's init function.
typedef struct g_slotset {
	const char *var, *slot, *func;
	unsigned tu;
} g_slotset;

// A finding computed per TU (object-level cycles), emitted by the check.
typedef struct g_event {
	ol_loc loc;
	const char *msg;
} g_event;

typedef struct g_finding {
	ol_check_id check;
	ol_loc loc;
	const char *msg, *func, *subject, *resource;
	size_t ev0, nev; // range in ol_graph.events
} g_finding;

// Computed by the check for the dump: one owned field of an owner group.
typedef enum g_target_kind { G_TO_NONE, G_TO_ANY, G_TO_OWNER } g_target_kind;

typedef struct g_slotfield {
	size_t owner;        // first owner (index) whose struct this is
	const char *field;
	size_t store;        // first STORE fact, or NONE (release-only field)
	bool unreleased;     // 110: not released by the teardown
	bool unvisited;      // 110: GC type whose traverse misses it
	bool cyclic;         // 108: on a type-level cycle
	g_target_kind to;    // what the field can refer to (108)
	size_t to_owner;
} g_slotfield;

struct ol_graph {
	ol_arena *a;
	// string interning: open addressing over `strs`
	const char **strs;
	size_t nstrs, capstrs;
	OL_VEC(g_owner) owners;
	OL_VEC(g_field) fields;
	// Fields some function gives a value other than NULL (an assignment
	// of anything but a null constant, or its address taken), by syntax:
	// `pointee` unused. A PyObject * field with no such write, no store
	// and no tp_members table holds nothing (MOJO-OWN-108).
	OL_VEC(g_field) written;
	OL_VEC(g_fact) facts;
	OL_VEC(g_func) funcs;
	OL_VEC(const char *) calls;
	OL_VEC(const char *) fglobals;
	OL_VEC(g_global) globals;
	OL_VEC(g_objedge) objedges;
	OL_VEC(g_finding) findings;
	OL_VEC(g_slotset) slotsets;
	OL_VEC(g_event) events;
	OL_VEC(g_slotfield) slots; // filled by ol_graph_check
	// fact de-duplication (the engine reports a fact once per path):
	// open addressing over fact indices + 1 (0 = empty)
	size_t *facthash;
	size_t capfacthash;
	bool checked;
};

const char *ol_graph__intern(ol_graph *g, const char *s);
// Adds a fact whose strings are interned, once (facts repeat per path).
void ol_graph__add_fact(ol_graph *g, const g_fact *f);

#endif
