// A class whose destructor releases what it owns (`m_iterator`) but never
// names another pointer field (`m_object`): that field is a link the
// object does not own, so storing a parameter there hands nothing over,
// and the parameter is not leaked when the constructor throws.
#include <Python.h>
// expect-no-diagnostics

struct error_already_set {};

class IterableManager {
public:
	explicit IterableManager(PyObject *iterable) : m_object(iterable), m_iterator(nullptr)
	{
		if ((m_iterator = PyObject_GetIter(m_object)) == nullptr)
			throw error_already_set();
	}
	void rebind(PyObject *other) { m_object = other; }
	~IterableManager() { Py_XDECREF(m_iterator); }

private:
	PyObject *m_object;
	PyObject *m_iterator;
};

Py_ssize_t count(PyObject *input, PyObject *other)
{
	IterableManager m(input);
	m.rebind(other);
	return 0;
}
