// A "begin" macro creates a dict without checking it, and every "add"
// macro uses it: one MOJO-OWN-109 for all uses in all expansions, placed in
// the macro that acquires (where the NULL check goes), as pygobject's
// _PyGI_ENUM_BEGIN/_PyGI_ENUM_ADD_VALUE (issue 16).
#include <Python.h>

#define ENUM_BEGIN()                                                    \
	{                                                               \
		PyObject *values = PyDict_New();
// expect-warning[MOJO-OWN-109]@-1 {{new reference 'values' from 'PyDict_New' is passed to 'Py_INCREF' before it is checked for NULL, in macro 'ENUM_BEGIN' (2 sites)}}
#define ENUM_ADD(name, v) Py_INCREF(values); Py_DECREF(values);
#define ENUM_END(m, name)                                               \
		PyModule_AddObject(m, name, values);                    \
	}

void add_enums(PyObject *m, PyObject *one, PyObject *two)
{
	ENUM_BEGIN() // expect-note {{'values': new reference returned by 'PyDict_New'}}
	ENUM_ADD("ONE", one) // expect-note {{also: new reference 'values' from 'PyDict_New' is passed to 'Py_INCREF' before it is checked for NULL [MOJO-OWN-109]}}
	ENUM_END(m, "A") // expect-warning[MOJO-OWN-101] {{'values' from 'PyDict_New' is leaked when 'PyModule_AddObject' fails}}
	ENUM_BEGIN()
	ENUM_ADD("TWO", two) // expect-note {{also:}}
	ENUM_END(m, "B") // expect-warning[MOJO-OWN-101] {{'values' from 'PyDict_New' is leaked when 'PyModule_AddObject' fails}}
}
