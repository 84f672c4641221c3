/*
 * owners.h — finds the owner declarations of a translation unit for the
 * ownership graph (graph/graph.h): static PyTypeObject definitions,
 * PyType_Spec with their PyType_Slot arrays, and PyModuleDef, each linked
 * to its instance (or state) struct through the sizeof() in tp_basicsize,
 * basicsize or m_size. Only definitions in the main file are taken (a
 * header's types would be counted once per includer).
 */
#ifndef OL_FRONTEND_OWNERS_H
#define OL_FRONTEND_OWNERS_H

#include "../graph/graph.h"

#include <clang-c/Index.h>

// Adds to `g` every owner declared in the main file of `tu`, and the fields
// of their instance and state structs. Strings are copied; `a` is scratch
// memory for the TU (locations). Never fails: what cannot be evaluated is
// left out (a slot that is not a plain function name, flags that are not
// a constant).
void ol_owners_extract(ol_graph *g, ol_arena *a, CXTranslationUnit tu);

// Whether the definition at `c` belongs to the translation unit being
// analyzed: it is in the main file or in an included source file (`.c`,
// not a header).
bool ol_tu_owns_decl(CXCursor c);

#endif
