// A switch over an enum whose values leave gaps (`none = 0, udp = 1,
// shm = 4, tcp = 5`) that handles each enumerator has no way around its
// cases: the variable every case sets is set. Reduced from ecal's
// ecal_wrap.cxx (PopulateTopics2List).
#include <Python.h>

enum class Layer { none = 0, udp = 1, shm = 4, tcp = 5 };

PyObject *describe(const Layer *layers, int n)
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
	for (int i = 0; i < n; i++) {
		switch (layers[i]) {
		case Layer::none: val = PyUnicode_FromString("none"); break;
		case Layer::udp: val = PyUnicode_FromString("udp"); break;
		case Layer::shm: val = PyUnicode_FromString("shm"); break;
		case Layer::tcp: val = PyUnicode_FromString("tcp"); break;
		}
		if (!val) {
			Py_DECREF(d);
			return NULL;
		}
		PyDict_SetItemString(d, "type", val);
		Py_DECREF(val);
	}
	return d;
}
// expect-no-diagnostics
