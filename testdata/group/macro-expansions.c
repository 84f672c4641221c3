// One macro that leaks on its error path, expanded five times: one finding,
// placed in the macro's definition, with the five expansions as related
// sites (issue 16: "one finding per bug").
#include <Python.h>

#define ADD_INT(m, name, value)                                         \
	do {                                                            \
		PyObject *o = PyLong_FromLong(value);                   \
		if (o == NULL)                                          \
			return NULL;                                    \
		if (PyModule_AddObject(m, name, o) < 0)                 \
			return NULL;                                    \
	} while (0)
// expect-warning[MOJO-OWN-105]@-2 {{new reference 'o' from 'PyLong_FromLong' is leaked on the error exit, in macro 'ADD_INT' (5 expansions)}}

PyObject *init_constants(PyObject *m)
{
	ADD_INT(m, "ONE", 1001);   // expect-note {{expanded here ('ADD_INT')}} expect-note {{'o': new reference returned by 'PyLong_FromLong'}}
	ADD_INT(m, "TWO", 1002);   // expect-note {{expanded here ('ADD_INT')}}
	ADD_INT(m, "THREE", 1003); // expect-note {{expanded here ('ADD_INT')}}
	ADD_INT(m, "FOUR", 1004);  // expect-note {{expanded here ('ADD_INT')}}
	ADD_INT(m, "FIVE", 1005);  // expect-note {{expanded here ('ADD_INT')}}
	return Py_NewRef(m);
}
