// The header beside guard-copy-member.cpp (issue #26): a guard copied from
// a member of another object, in an inline function of a header next to
// the file. This shape crashed the lowering (a copy constructor inlined
// without the arguments it needed).
#include <Python.h>

class Ref {
	PyObject *m_o;

public:
	Ref() : m_o(NULL) {}
	Ref(const Ref &other) : m_o(other.m_o) { Py_XINCREF(m_o); }
	~Ref() { Py_XDECREF(m_o); }
	void reset(PyObject *o)
	{
		Py_XINCREF(o);
		Py_XDECREF(m_o);
		m_o = o;
	}
	bool empty() const { return m_o == NULL; }
};

struct Holder {
	Ref path;
};

inline bool copy_is_empty(Holder &h)
{
	Ref copy(h.path);
	return copy.empty();
}
