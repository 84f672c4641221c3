// From py-tree-sitter (tree-sitter/py-tree-sitter) tree_sitter/binding.c,
// query_captures, at the parent of commit 87ff2e8 ("Fix use after free of
// `Query.capture_names` elements", https://github.com/tree-sitter/py-tree-sitter/pull/52):
// the capture's name is borrowed from the query's list by PyList_GetItem
// and released with Py_XDECREF; after a few queries the names are freed
// under the list (heap-use-after-free under ASan). tree-sitter's types are
// declared, not included; the function body is verbatim. The tuples
// PyTuple_Pack makes are leaked too (PyList_Append does not steal them).
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

typedef struct TSQuery TSQuery;
typedef struct TSQueryCursor TSQueryCursor;
typedef struct { uint32_t context[4]; const void *id; const void *tree; } TSNode;
typedef struct { TSNode node; uint32_t index; } TSQueryCapture;
typedef struct {
  uint32_t id;
  uint16_t pattern_index;
  uint16_t capture_count;
  const TSQueryCapture *captures;
} TSQueryMatch;
TSQueryCursor *ts_query_cursor_new(void);
void ts_query_cursor_exec(TSQueryCursor *, const TSQuery *, TSNode);
int ts_query_cursor_next_capture(TSQueryCursor *, TSQueryMatch *, uint32_t *);
int PyObject_IsInstance(PyObject *inst, PyObject *cls);

typedef struct {
  PyObject_HEAD
  TSNode node;
  PyObject *children;
  PyObject *tree;
} Node;

typedef struct {
  PyObject_HEAD
  TSQuery *query;
  PyObject *capture_names;
} Query;

static TSQueryCursor *query_cursor = NULL;
extern PyTypeObject node_type;
PyObject *node_new_internal(TSNode node, PyObject *tree);

PyObject *query_captures(Query *self, PyObject *args, PyObject *kwargs) {
  char *keywords[] = {
    "node",
    "start_point",
    "end_point",
    NULL,
  };

  Node *node = NULL;
  unsigned start_row = 0, start_column = 0, end_row = 0, end_column = 0;

  int ok = PyArg_ParseTupleAndKeywords(
    args,
    kwargs,
    "O|(II)(II)",
    keywords,
    (PyObject **)&node,
    &start_row,
    &start_column,
    &end_row,
    &end_column
  );
  if (!ok) return NULL;

  if (!PyObject_IsInstance((PyObject *)node, (PyObject *)&node_type)) {
    PyErr_SetString(PyExc_TypeError, "First argument to captures must be a Node");
    return NULL;
  }

  if (!query_cursor) query_cursor = ts_query_cursor_new();
  ts_query_cursor_exec(query_cursor, self->query, node->node);

  PyObject *result = PyList_New(0);

  uint32_t capture_index;
  TSQueryMatch match;
  while (ts_query_cursor_next_capture(query_cursor, &match, &capture_index)) {
    const TSQueryCapture *capture = &match.captures[capture_index];
    PyObject *capture_node = node_new_internal(capture->node, node->tree);
    PyObject *capture_name = PyList_GetItem(self->capture_names, capture->index);
    PyList_Append(result, PyTuple_Pack(2, capture_node, capture_name)); // expect-warning[MOJO-OWN-101] {{new reference from 'PyTuple_Pack' is leaked}}
    Py_XDECREF(capture_node);
    Py_XDECREF(capture_name); // expect-error[MOJO-OWN-106] {{borrowed reference 'capture_name' from 'PyList_GetItem' is released by 'Py_XDECREF'}}
  }

  return result;
}
