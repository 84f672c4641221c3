/* A NULL given to PySequence_Repeat raises SystemError there, no crash
 * (109-null-to-sequence-op-good.c); the same NULL released later with
 * Py_DECREF is the crash, and MOJO-OWN-109 names that release, not the
 * call before it (pyctree's Tree_Impl_build_str, blind C round 120). */
#include <Python.h>

void build(Py_ssize_t depth, PyObject **repr)
{
	PyObject *vline = PyUnicode_FromString("| ");
	PyObject *prefix = PySequence_Repeat(vline, depth);
	*repr = PyUnicode_FromFormat("%U\n%U", *repr, prefix);
	Py_XDECREF(prefix);
	Py_DECREF(vline); // expect-warning[MOJO-OWN-109] {{new reference 'vline' from 'PyUnicode_FromString' is passed to 'Py_DECREF' before it is checked for NULL}}
}
