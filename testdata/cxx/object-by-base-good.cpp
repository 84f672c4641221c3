// A class whose first base is an object struct (`struct PyBase :
// PyVarObject`, `struct Item : PyBase`) is an object struct itself: a
// member that hands back `this` as a `PyObject *` hands back the object,
// and the new reference goes with it. Reduced from sling's pyapi
// (PyBase::AsObject).
#include <Python.h>

struct PyBase : public PyVarObject {
	PyObject *AsObject() { return reinterpret_cast<PyObject *>(this); }
};

struct PyItem : public PyBase {
	long value;
	void Init(long v) { value = v; }
};

static PyTypeObject PyItemType;

PyObject *NewItem(long v)
{
	PyItem *item = PyObject_New(PyItem, &PyItemType);
	if (item == nullptr)
		return nullptr;
	item->Init(v);
	return item->AsObject();
}

PyObject *NewItems(long n)
{
	PyObject *list = PyList_New(n);
	if (list == nullptr)
		return nullptr;
	for (long i = 0; i < n; ++i) {
		PyItem *item = PyObject_New(PyItem, &PyItemType);
		if (item == nullptr) {
			Py_DECREF(list);
			return nullptr;
		}
		item->Init(i);
		PyList_SetItem(list, i, item->AsObject());
	}
	return list;
}
// expect-no-diagnostics
