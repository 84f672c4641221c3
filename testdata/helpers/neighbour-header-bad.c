// What a neighbouring header's helper returns is its body's to say: here
// NULL, so the caller's own new reference is still what leaks.
#include "errors.h"

PyObject *raise_and_keep(PyObject *exc_class, PyObject *args)
{
	PyObject *error = PyObject_CallObject(exc_class, args);
	if (!error)
		return NULL;
	return raise_from(error); // expect-warning[MOJO-OWN-105] {{new reference 'error' from 'PyObject_CallObject' is leaked on the error exit}}
}
