// A borrowed reference kept in a member outlives its owner when nothing the
// object holds keeps that owner: a dict item of a module the function
// imported and released; an item of a module's dict, even of a module
// sys.modules keeps or the object holds, which a script may rebind
// (conduit's `traceback.print_exception`); and `sys.stdout`, which a
// script may rebind at any time.
#include <Python.h>

class Printer {
	PyObject *dumps_ = nullptr;
	PyObject *out_ = nullptr;

public:
	bool init()
	{
		PyObject *json = PyImport_ImportModule("json");
		if (!json)
			return false;
		PyObject *d = PyModule_GetDict(json);
		dumps_ = PyDict_GetItemString(d, "dumps"); // expect-warning[MOJO-BOR-202] {{borrowed reference from 'PyDict_GetItemString' is stored without taking a reference}}
		Py_DECREF(json);
		return dumps_ != nullptr;
	}
	PyObject *print_exc_ = nullptr;
	PyObject *io_ = nullptr; // owned
	PyObject *sio_class_ = nullptr;
	bool init_traceback()
	{
		PyObject *tb = PyImport_AddModule("traceback");
		if (!tb)
			return false;
		PyObject *d = PyModule_GetDict(tb);
		print_exc_ = PyDict_GetItemString(d, "print_exception"); // expect-warning[MOJO-BOR-202] {{borrowed reference from 'PyDict_GetItemString' is stored without taking a reference}}
		return print_exc_ != nullptr;
	}
	bool init_io()
	{
		io_ = PyImport_ImportModule("io");
		if (!io_)
			return false;
		PyObject *d = PyModule_GetDict(io_);
		sio_class_ = PyDict_GetItemString(d, "StringIO"); // expect-warning[MOJO-BOR-202] {{borrowed reference from 'PyDict_GetItemString' is stored without taking a reference}}
		return sio_class_ != nullptr;
	}
	bool init_out()
	{
		out_ = PySys_GetObject("stdout"); // expect-warning[MOJO-BOR-202] {{borrowed reference from 'PySys_GetObject' is stored without taking a reference}}
		return out_ != nullptr;
	}
};
