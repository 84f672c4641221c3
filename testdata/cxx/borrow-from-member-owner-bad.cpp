// The controller of borrow-from-member-owner-good.cpp, but the module is
// a local released before the function returns: the dict kept in a
// member outlives it (and so would the dict's item, which the module
// would not keep anyway).
#include <Python.h>

class Controller {
	PyObject *dict_ = nullptr;
	PyObject *close_ = nullptr;

public:
	bool init(const char *name)
	{
		PyObject *module = PyImport_ImportModule(name);
		if (!module)
			return false;
		dict_ = PyModule_GetDict(module); // expect-warning[MOJO-BOR-202] {{borrowed reference from 'PyModule_GetDict' is stored without taking a reference}}
		close_ = PyDict_GetItemString(dict_, "close"); // expect-warning[MOJO-BOR-202] {{borrowed reference from 'PyDict_GetItemString' is stored without taking a reference}}
		Py_DECREF(module);
		return close_ != nullptr;
	}
};
