// One enumerator left out: past the switch the variable may still hold
// the value released before it, and releasing it again is a bug.
#include <Python.h>

enum class Layer { none = 0, udp = 1, shm = 4, tcp = 5 };

PyObject *describe(Layer layer)
{
	PyObject *d = PyDict_New();
	if (!d)
		return NULL;
	PyObject *val = PyUnicode_FromString("descriptor");
	if (!val) {
		Py_DECREF(d);
		return NULL;
	}
	PyDict_SetItemString(d, "descriptor", val);
	Py_DECREF(val);
	switch (layer) {
	case Layer::none: val = PyUnicode_FromString("none"); break;
	case Layer::udp: val = PyUnicode_FromString("udp"); break;
	case Layer::shm: val = PyUnicode_FromString("shm"); break;
	}
	if (!val) {
		Py_DECREF(d);
		return NULL;
	}
	PyDict_SetItemString(d, "type", val);
	Py_DECREF(val); // expect-error[MOJO-OWN-104] {{is released twice}}
	return d;
}
