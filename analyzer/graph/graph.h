/*
 * graph.h — the ownership graph (rules/README.md) and the two checks built on
 * it: MOJO-OWN-110 (every owns-edge is released by its owner's teardown)
 * and MOJO-OWN-108 (no ownership cycle outside GC-tracked types).
 *
 * Nodes are owners — extension types (a static PyTypeObject or a
 * PyType_Spec, linked to its instance struct through tp_basicsize), module
 * states (PyModuleDef.m_size) and globals — and the owned resources; edges
 * are "owns": an owned resource stored into a field, a global or a
 * container.
 *
 * Life cycle. One graph per translation unit is filled while the TU is
 * analyzed (on its worker thread): owner declarations from the frontend
 * (frontend/owners.h), the call graph and object-level container edges from
 * the IR (ol_graph_add_funcs) and the engine's owner facts
 * (ol_graph_on_fact, an ol_owner_fact_fn). After all TUs, run.c merges the
 * TU graphs in input order into one run-level graph (ol_graph_merge) and
 * checks it (ol_graph_check): a type's dealloc may live in one file and its
 * field stores in another. Everything a graph holds is copied into its own
 * arena, so a TU graph outlives the TU's arena and libclang objects.
 *
 * Not modelled: ownership through C arrays of objects, through unions, or
 * through fields of structs that are no owner's instance struct; calls
 * through function pointers (a teardown calling `Py_TYPE(self)->tp_clear`
 * is not followed, so its releases are not seen, which can only add a
 * finding the `tp_clear` slot itself would have cleared: the slot is part
 * of the teardown anyway).
 */
#ifndef OL_GRAPH_H
#define OL_GRAPH_H

#include "../base/strbuf.h"
#include "../cfg/cfg.h"
#include "../diag/diag.h"
#include "../engine/engine.h"

#include <stdbool.h>
#include <stddef.h>

typedef enum ol_owner_kind {
	OL_OWNER_TYPE,   // static PyTypeObject definition
	OL_OWNER_SPEC,   // PyType_Spec (heap type, PyType_FromSpec & co.)
	OL_OWNER_MODULE, // PyModuleDef (its state struct is the owner)
} ol_owner_kind;

// An owner declaration as the frontend found it. Strings are borrowed by
// ol_graph_add_owner (which copies them); NULL means absent.
typedef struct ol_owner_decl {
	ol_owner_kind kind;
	const char *var;   // C variable: "NodeType", "node_spec", "mymodule"
	const char *name;  // tp_name / spec name / m_name
	// Canonical spelling of the instance struct (types) or of the state
	// struct (modules), from sizeof() in tp_basicsize / basicsize / m_size.
	const char *inst;
	// The struct is defined in the TU's main file: it is another type
	// than a struct of the same name in another TU.
	bool inst_local;
	// Teardown slots, function names. Modules use `clear` for m_clear,
	// `traverse` for m_traverse and `free` for m_free (a type's
	// tp_free: the default deallocator calls it).
	const char *dealloc, *traverse, *clear, *finalize, *free;
	bool flags_known;  // tp_flags could be evaluated
	bool have_gc;      // Py_TPFLAGS_HAVE_GC is set
	bool basetype;     // Py_TPFLAGS_BASETYPE is set: Python code may
			   // subclass it (a subclass of a type without GC
			   // may have it)
	// (modules) m_size is -1: single-phase, its init function runs once
	// per process (globals it sets are set once).
	bool single_phase;
	// (types) A tp_members table: Python code may assign the fields of
	// its writable rows (rows are not read: any field may be one).
	bool members;
	// (types) The variable `tp_base` points to (`.tp_base =
	// &Base_Type`), or NULL: a type without a tp_dealloc of its own
	// inherits its base's.
	const char *base;
	ol_loc loc;        // the variable's definition
} ol_owner_decl;

typedef struct ol_graph ol_graph;

// Returns an owned, empty graph; free it with ol_graph_free().
ol_graph *ol_graph_new(void);
void ol_graph_free(ol_graph *g);

// Copies `d` into `g`.
void ol_graph_add_owner(ol_graph *g, const ol_owner_decl *d);
// Records that `strukt` (canonical spelling) has a field `field` whose
// declared type points to `pointee` (canonical spelling; NULL when the
// field is not a pointer). Used to follow owned fields by type (108).
void ol_graph_add_field(ol_graph *g, const char *strukt, const char *field,
			const char *pointee);
// The owner-fact callback for ol_engine_opts.on_fact; `payload` is the
// TU's ol_graph. Copies the fact.
void ol_graph_on_fact(const ol_owner_fact *f, void *payload);
// Records, from the IR of one TU's functions: the call graph (direct calls
// and functions used as values), the globals they use, and object-level
// ownership edges between local variables (container insertions, field
// stores) with the cycles they close. `funcs` is borrowed.
void ol_graph_add_funcs(ol_graph *g, const ol_func *const *funcs, size_t n);

struct ol_deser;
// A TU's graph (not merged, not checked) as records (base/serial.h), for
// the cache; read back into an empty graph. Returns false on malformed
// input.
void ol_graph_write(const ol_graph *g, ol_strbuf *b);
bool ol_graph_read(ol_graph *g, struct ol_deser *r);

// Moves the contents of `from` (one TU, `tu` = its input index) into
// `into`; `from` is left empty. Merge in input order for stable output.
void ol_graph_merge(ol_graph *into, ol_graph *from, unsigned tu);

// Runs MOJO-OWN-108 and MOJO-OWN-110 over a merged graph and adds the
// findings to `sink`. Marks the unreleased and cyclic edges for the dump.
void ol_graph_check(ol_graph *g, ol_diag_sink *sink);

typedef enum ol_graph_format {
	OL_GRAPH_DOT,
	OL_GRAPH_JSON,
} ol_graph_format;

// Appends the graph (after ol_graph_check) to `out` as Graphviz DOT or
// JSON (format described in graph/dump.c).
void ol_graph_dump(ol_strbuf *out, const ol_graph *g, ol_graph_format fmt);

#endif
