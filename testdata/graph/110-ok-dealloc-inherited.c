// expect-no-diagnostics
// Reduced from satyr (python/py_*_stacktrace.c): a type with no tp_dealloc
// of its own inherits its base's (`.tp_base = &base_thread_type`, a type
// of another file): the field its instances hold is that dealloc's to
// release, and its GC support is the base's.
#include <Python.h>

struct base_thread {
	PyObject_HEAD
	PyObject *frames;
};

extern PyTypeObject base_thread_type;

PyTypeObject single_type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.SingleThread",
	.tp_basicsize = sizeof(struct base_thread),
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
	.tp_base = &base_thread_type,
};

PyObject *threads_to_list(int n, PyTypeObject *thread_type)
{
	PyObject *result = PyList_New(0);
	if (!result)
		return NULL;
	for (int i = 0; i < n; i++) {
		struct base_thread *item =
			PyObject_New(struct base_thread, thread_type);
		if (!item) {
			Py_DECREF(result);
			return NULL;
		}
		item->frames = PyList_New(0);
		if (!item->frames) {
			Py_DECREF(item);
			Py_DECREF(result);
			return NULL;
		}
		if (PyList_Append(result, (PyObject *)item) < 0) {
			Py_DECREF(item);
			Py_DECREF(result);
			return NULL;
		}
		Py_DECREF(item);
	}
	return result;
}
