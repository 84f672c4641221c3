// An owner class template whose destructor calls a private member
// through `this->` (dbzero's shared_py_object) releases what it adopts;
// a reference taken out of it with release() and then dropped still
// leaks (this-arrow-member-good.cpp keeps every reference in an owner).
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
	T release()
	{
		T p = m_p;
		m_p = nullptr;
		return p;
	}
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

long first_length(PyObject *seq)
{
	auto iterator = OWN(PyObject_GetIter(seq));
	if (!iterator)
		return -1;
	PyObject *item = PyIter_Next(*iterator);
	if (!item)
		return -1;
	auto held = OWN(item);
	PyObject *again = held.release();
	return PyLong_AsLong(again); // expect-warning[MOJO-OWN-101] {{new reference 'item' from 'PyIter_Next' is never released}}
}
