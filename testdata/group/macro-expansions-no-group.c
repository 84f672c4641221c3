// ARGS: --no-group
// The same macro as macro-expansions.c with --no-group: one finding per
// expansion, each at its expansion site.
#include <Python.h>

#define ADD_INT(m, name, value)                                         \
	do {                                                            \
		PyObject *o = PyLong_FromLong(value);                   \
		if (o == NULL)                                          \
			return NULL;                                    \
		if (PyModule_AddObject(m, name, o) < 0)                 \
			return NULL;                                    \
	} while (0)

PyObject *init_constants(PyObject *m)
{
	ADD_INT(m, "ONE", 1001);   // expect-warning[MOJO-OWN-105] {{new reference 'o' from 'PyLong_FromLong' is leaked on the error exit}}
	ADD_INT(m, "TWO", 1002);   // expect-warning[MOJO-OWN-105] {{new reference 'o' from 'PyLong_FromLong' is leaked on the error exit}}
	ADD_INT(m, "THREE", 1003); // expect-warning[MOJO-OWN-105] {{new reference 'o' from 'PyLong_FromLong' is leaked on the error exit}}
	return Py_NewRef(m);
}
