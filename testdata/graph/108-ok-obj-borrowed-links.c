// ARGS: --checks=-*,MOJO-OWN-108,MOJO-OWN-110
// Reduced from CPython 3.11 Modules/itertoolsmodule.c (_grouper_create)
// and _functoolsmodule.c (lru_cache links): a field store without a
// reference taken for it is a borrowed back pointer, not ownership.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *parent;
	PyObject *currgrouper; // borrowed
} GroupObject;

PyObject *grouper_create(PyObject *parent, PyObject *igo)
{
	((GroupObject *)igo)->parent = Py_NewRef(parent);
	((GroupObject *)parent)->currgrouper = igo; // borrowed reference
	return igo;
}

void link_before(PyObject *root, PyObject *link)
{
	((GroupObject *)link)->parent = root;
	((GroupObject *)root)->currgrouper = link;
}
// expect-no-diagnostics
