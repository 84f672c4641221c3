// Path steps that repeat one after the other are shown once with a count
// (issue 16): the same test made by two uses of one macro, each a new
// question (a type check asked twice is answered once). The test is
// written in the macro's body; it is shown as the body writes it, with the
// arguments of the call (cfg/srctext.c).
#include <Python.h>

#define SIZE(s) (PyObject_IsTrue(s) > 0 ? PyList_GET_SIZE(s) : PyTuple_GET_SIZE(s))

Py_ssize_t t_repeated(PyObject *seq)
{
	PyObject *copy = PyObject_Str(seq); // expect-note {{'copy': new reference returned by 'PyObject_Str'}}
	if (copy == NULL) // expect-note {{assuming 'copy == NULL' is false}}
		return -1;
	Py_ssize_t n = SIZE(seq); // expect-note {{assuming 'PyObject_IsTrue(seq) > 0' is true (2 times)}}
	n += SIZE(seq);
	return n; // expect-warning[MOJO-OWN-101] {{new reference 'copy' from 'PyObject_Str' is never released}} expect-note {{returning with 'copy' still owned}}
}
