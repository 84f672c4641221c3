// The object made through a derived class is followed: one never handed
// on is leaked, one used unchecked is reported.
#include <Python.h>

struct PyBase : public PyVarObject {
	PyObject *AsObject() { return reinterpret_cast<PyObject *>(this); }
};

struct PyItem : public PyBase {
	long value;
};

static PyTypeObject PyItemType;

long Peek(long v)
{
	PyItem *item = PyObject_New(PyItem, &PyItemType);
	if (item == nullptr)
		return -1;
	item->value = v;
	PyObject *o = item->AsObject();
	return Py_REFCNT(o); // expect-warning[MOJO-OWN-101] {{new reference 'item' from '_PyObject_New' is never released}}
}
