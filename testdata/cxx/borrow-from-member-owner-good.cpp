// Borrows kept in members beside the member that holds what they are
// borrowed from, of what that object never lets go of while it lives
// (YARS's controller: the module a member holds and its dict; a tuple a
// member holds and its item): the object keeps them alive as long as it
// keeps the owner. (An item of the dict is not one: a script may rebind
// it, cxx/module-dict-member-bad.cpp.)
// expect-no-diagnostics
#include <Python.h>

class Controller {
	PyObject *module_ = nullptr; // a new reference, released in close()
	PyObject *dict_ = nullptr;   // borrowed from module_
	PyObject *args_ = nullptr;   // a new reference
	PyObject *first_ = nullptr;  // borrowed from args_

public:
	bool init(const char *name)
	{
		module_ = PyImport_ImportModule(name);
		if (!module_)
			return false;
		dict_ = PyModule_GetDict(module_);
		return true;
	}
	void refresh()
	{
		if (module_)
			dict_ = PyModule_GetDict(module_);
	}
	bool keep(PyObject *a, PyObject *b)
	{
		args_ = PyTuple_Pack(2, a, b);
		if (!args_)
			return false;
		first_ = PyTuple_GetItem(args_, 0);
		return first_ != nullptr;
	}
	void close()
	{
		dict_ = nullptr;
		first_ = nullptr;
		Py_CLEAR(module_);
		Py_CLEAR(args_);
	}
};
