// The same guard template instantiated over PyObject holds a reference:
// one taken out of an instance that a function declared here returns by
// value, and then dropped, leaks (value-class-instance-good.cpp
// instantiates it over a C++ type).
#include <Python.h>

template <class T> struct ref {
	T *m_ptr = nullptr;
	explicit ref(T *p) : m_ptr(p) {}
	ref(ref &&o) : m_ptr(o.m_ptr) { o.m_ptr = nullptr; }
	~ref()
	{
		if (m_ptr)
			Py_DECREF(m_ptr);
	}
	T *release()
	{
		T *p = m_ptr;
		m_ptr = nullptr;
		return p;
	}
};

ref<PyObject> make_list();

Py_ssize_t count()
{
	ref<PyObject> r = make_list();
	PyObject *l = r.release();
	if (!l)
		return -1;
	return PyList_GET_SIZE(l); // expect-warning[MOJO-OWN-101] {{new reference 'r.m_ptr' from 'make_list' is never released}}
}
