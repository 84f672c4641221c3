// Where the call failed, its error is set: the branch is taken. The
// arguments made before the call are unchecked (a true finding); where
// the call returned an object, no error is set, whatever the arguments
// were, and the object is not leaked by a throw (vampy's PyPlugin.cpp).
#include <Python.h>
#include <string>

class Holder {
public:
	Holder(PyObject *cls, double rate) : m_cls(cls), m_inst(nullptr)
	{
		Py_INCREF(m_cls);
		PyObject *pyRate = PyFloat_FromDouble(rate);
		PyObject *args = PyTuple_Pack(1, pyRate);
		m_inst = PyObject_Call(m_cls, args, NULL); // expect-warning[MOJO-OWN-109] {{new reference 'args' from 'PyTuple_Pack' is passed to 'PyObject_Call' before it is checked for NULL}}
		if (!m_inst || PyErr_Occurred()) {
			if (PyErr_Occurred())
				PyErr_Clear();
			Py_DECREF(m_cls);
			Py_CLEAR(args);
			Py_CLEAR(pyRate);
			throw std::string("constructor failed");
		}
		Py_DECREF(args);
		Py_XDECREF(pyRate);
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

Holder *make(PyObject *cls) { return new Holder(cls, 44100.0); } // expect-warning[MOJO-OWN-109] {{new reference 'args' from 'PyTuple_Pack' is passed to 'PyObject_Call' before it is checked for NULL}}
