// The keywords dict of one call is no Python code's to change, also when
// the function is a PyType_Slot's tp_init (PyQt's pyqtSignal.__init__,
// `{Py_tp_init, (void *)pyqtSignal_init}`), and when it is a helper of
// external linkage whose parameters are named (self, args, kwds) as a
// generated wrapper hands it its own call's arguments (PyQt's
// qpycore_pyqtconfigure(), which sip calls).
// expect-no-diagnostics
#include <Python.h>

static int signal_init(PyObject *self, PyObject *args, PyObject *kwd_args)
{
	PyObject *key, *value;
	Py_ssize_t pos = 0;
	while (kwd_args && PyDict_Next(kwd_args, &pos, &key, &value)) {
		PyObject *s = PyObject_Str(value);
		if (s == NULL)
			return -1;
		Py_DECREF(s);
		if (PyObject_SetAttr(self, key, value) < 0)
			return -1;
	}
	return 0;
}

static PyType_Slot signal_slots[] = {
	{Py_tp_init, (void *)signal_init},
	{0, NULL},
};

static PyType_Spec signal_spec = {"m.signal", sizeof(PyObject), 0,
				  Py_TPFLAGS_DEFAULT, signal_slots};

PyObject *make_signal_type(void)
{
	return PyType_FromSpec(&signal_spec);
}

PyObject *configure(PyObject *self, PyObject *args, PyObject *kwds)
{
	PyObject *key, *value;
	Py_ssize_t pos = 0;
	while (kwds && PyDict_Next(kwds, &pos, &key, &value)) {
		PyObject *r = PyObject_GetAttr(self, key);
		if (r == NULL) {
			PyErr_Format(PyExc_AttributeError, "no attribute '%S'",
				     key);
			return NULL;
		}
		Py_DECREF(r);
	}
	Py_RETURN_NONE;
}
