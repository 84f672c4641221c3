// MOJO-BOR-201/206 and objects another owner keeps alive. Reduced from
// gst-python 1.22 (gi/overrides/gstmodule.c), python-cbor 1.0
// (getCborTagClass) and pygobject 3.42 (pygi-resulttuple.c): releasing
// our reference to an imported module (sys.modules holds it) or to an
// object just added to a container (the container holds it) is not the
// last release, so borrows from it stay valid and no destructor runs.
#include <Python.h>

PyObject *module_attr(void)
{
	PyObject *module = PyImport_ImportModule("gi.repository.Gst");
	if (module == NULL)
		return NULL;
	PyObject *dict = PyModule_GetDict(module);
	Py_DECREF(module);
	PyObject *v = PyMapping_GetItemString(dict, "Fraction");
	return v;
}

PyObject *append_then_use(PyObject *names, PyObject *borrowed_list)
{
	PyObject *item = PyList_GetItem(borrowed_list, 0);
	if (item == NULL)
		return NULL;
	PyObject *name = PyUnicode_FromFormat("_%zd", PyList_GET_SIZE(names));
	if (name == NULL)
		return NULL;
	if (PyList_Append(names, name) < 0) {
		Py_DECREF(name);
		return NULL;
	}
	Py_DECREF(name); // names keeps it: no destructor runs here
	return PyObject_Repr(item);
}

// Without another owner the last release may run Python code.
PyObject *drop_then_use(PyObject *borrowed_list)
{
	PyObject *item = PyList_GetItem(borrowed_list, 0);
	if (item == NULL)
		return NULL;
	PyObject *tmp = PyObject_GetAttrString(borrowed_list, "extra");
	if (tmp == NULL)
		return NULL;
	Py_DECREF(tmp);
	return PyObject_Repr(item); // expect-warning[MOJO-BOR-206] {{borrowed reference 'item' from 'PyList_GetItem' is passed to 'PyObject_Repr' after 'PyObject_GetAttrString' may have run Python code (a user `__getattr__` or property) that changes 'borrowed_list'}}
}

// A module we created ourselves is not in sys.modules.
PyObject *own_module_attr(PyModuleDef *def)
{
	PyObject *module = PyModule_Create(def);
	if (module == NULL)
		return NULL;
	PyObject *dict = PyModule_GetDict(module);
	Py_DECREF(module);
	return PyMapping_GetItemString(dict, "x"); // expect-error[MOJO-BOR-201] {{'dict' is passed to 'PyMapping_GetItemString' after its owner new reference 'module' from 'PyModule_Create}}
}
