// An owner class template whose destructor and assignments call a
// private member through `this->` (dbzero's shared_py_object:
// `~shared_py_object() { this->_destruct(); }`): the member is inlined
// with the object as `this`, as `_destruct()` alone would be, so the
// reference each owner adopts is released when it dies.
// expect-no-diagnostics
#include <Python.h>

template <typename T> class owned {
public:
	owned(T p, bool incref = true) : m_p(p)
	{
		if (m_p && incref)
			Py_INCREF(p);
	}
	owned(owned &&o) : m_p(o.m_p) { o.m_p = nullptr; }
	~owned() { this->_destruct(); }
	T get() const { return m_p; }
	T operator*() const { return m_p; }
	bool operator!() const { return m_p == nullptr; }
	owned &operator=(owned &&o)
	{
		this->_destruct();
		m_p = o.m_p;
		o.m_p = nullptr;
		return *this;
	}

private:
	T m_p = nullptr;
	void _destruct()
	{
		if (m_p)
			Py_DECREF(m_p);
	}
};
#define OWN(p) owned<decltype(p)>(p, false)
#define FOR_EACH(item, it) \
	for (auto item = OWN(PyIter_Next(*it)); item.get(); \
	     item = OWN(PyIter_Next(*it)))

long sum(PyObject *seq)
{
	auto iterator = OWN(PyObject_GetIter(seq));
	if (!iterator)
		return -1;
	long total = 0;
	FOR_EACH(item, iterator) {
		total += PyLong_AsLong(*item);
	}
	return total;
}

PyObject *zero(PyObject *type)
{
	return PyObject_CallFunctionObjArgs(type, *OWN(PyLong_FromLong(0)),
					    NULL);
}
