// The same helper says nothing of a reference the code then forgets: a
// module imported and never released leaks when no error is set
// (101-occurred-probe-return-good.c releases it).
#include <Python.h>

static inline int check_error(void)
{
	return PyErr_Occurred() != NULL;
}

PyObject *import_attr(const char *module, const char *name)
{
	PyObject *m = PyImport_ImportModule(module);
	if (check_error())
		return NULL;
	return PyObject_GetAttrString(m, name); // expect-warning[MOJO-OWN-101] {{new reference 'm' from 'PyImport_ImportModule' is never released}}
}
