// A guard copy-constructed from a member (issue #26): analysed, no
// crash, no finding.
#include "guard-copy-member.h"

// expect-no-diagnostics

PyObject *holder_is_empty(PyObject *self, PyObject *arg)
{
	Holder h;
	h.path.reset(arg);
	return PyBool_FromLong(copy_is_empty(h));
}
