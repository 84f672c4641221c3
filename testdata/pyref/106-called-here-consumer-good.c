// A function of external linkage that a function of the same file calls
// is a helper: its body is its contract, and its callers here are checked
// against it. `result_init` releases its caller's reference when it
// fails, by design; its caller returns NULL without releasing again.
// Reduced from getdns-python-bindings' result.c (result_init), pillow's
// decode.c (get_unpacker) and CPython's _PyDict_SetItem_Take2.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *a;
} ResultObject;

extern PyTypeObject Result_Type;
extern PyObject *make_a(void);

int result_init(ResultObject *self)
{
	if ((self->a = make_a()) == NULL) {
		Py_DECREF(self); /* the caller's reference, on failure */
		return -1;
	}
	return 0;
}

PyObject *result_create(void)
{
	PyObject *r = PyObject_CallNoArgs((PyObject *)&Result_Type);
	if (r == NULL)
		return NULL;
	if (result_init((ResultObject *)r) < 0)
		return NULL; /* already released */
	return r;
}
// expect-no-diagnostics
