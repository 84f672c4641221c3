// What an inline function of a project header in another folder returns
// is what its body says (101-header-helper-elsewhere-good.c): a new
// reference from `h2py_new` is the caller's to release.
#include "include-elsewhere/handles.h"

long handle_as_long(Handle h)
{
	PyObject *o = h2py_new(h);
	if (o == NULL)
		return -1;
	return PyLong_AsLong(o); // expect-warning[MOJO-OWN-101] {{new reference 'o' from 'h2py_new' is never released}}
}
