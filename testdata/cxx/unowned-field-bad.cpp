// A field the destructor releases is owned: a borrowed parameter stored
// there without a reference of its own is released by the destructor, a
// reference the caller never gave. A field the destructor does not name
// holds nothing, but a new reference stored there is still the frame's.
#include <Python.h>

class Holder {
public:
	explicit Holder(PyObject *o) : m_owned(o), m_link(nullptr) {}
	~Holder() { Py_XDECREF(m_owned); }
	void link(PyObject *o) { m_link = o; }

private:
	PyObject *m_owned;
	PyObject *m_link;
};

void hold_borrowed(PyObject *arg)
{
	Holder h(arg);
} // expect-error[MOJO-OWN-106] {{borrowed reference 'arg' is released by 'Py_XDECREF' but this function does not own it}}

void link_new(Holder *h)
{
	PyObject *o = PyUnicode_FromString("link");
	if (o == NULL)
		return;
	h->link(o);
} // expect-warning[MOJO-OWN-101] {{new reference 'o' from 'PyUnicode_FromString' is never released}}
