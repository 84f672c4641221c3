// expect-no-diagnostics
// Reduced from vampy (PyPlugin.cpp): `if (!r || PyErr_Occurred())` right
// after a call that sets an error exactly when it returns NULL: where r
// is not NULL, no error is set, and the branch that throws is not taken.
#include <Python.h>
#include <string>

class Holder {
public:
	Holder(PyObject *cls, double rate) : m_cls(cls), m_inst(nullptr)
	{
		Py_INCREF(m_cls);
		PyObject *args = Py_BuildValue("(d)", rate);
		if (!args) {
			Py_DECREF(m_cls);
			throw std::string("no memory");
		}
		m_inst = PyObject_Call(m_cls, args, NULL);
		if (!m_inst || PyErr_Occurred()) {
			if (PyErr_Occurred())
				PyErr_Clear();
			Py_DECREF(m_cls);
			Py_DECREF(args);
			throw std::string("constructor failed");
		}
		Py_DECREF(args);
	}
	~Holder()
	{
		Py_XDECREF(m_inst);
		Py_XDECREF(m_cls);
	}

private:
	PyObject *m_cls;
	PyObject *m_inst;
};

Holder *make(PyObject *cls) { return new Holder(cls, 44100.0); }
