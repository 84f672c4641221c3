// expect-no-diagnostics
// Borrowed references kept in members that cannot outlive what keeps them
// alive: the `__main__` module and its dict, which sys.modules keeps
// (MusE's and conduit's embedded interpreters, gemrb's GUIScript); a
// module's dict next to the owned module in another member of the same
// object (gemrb's `pDict = PyModule_GetDict(pModule)`).
#include <Python.h>

class Script {
	PyObject *main_ = nullptr;    // borrowed: sys.modules keeps it
	PyObject *globals_ = nullptr; // borrowed from main_
	PyObject *module_ = nullptr;  // owned
	PyObject *dict_ = nullptr;    // borrowed from module_

public:
	bool init()
	{
		main_ = PyImport_AddModule("__main__");
		if (!main_)
			return false;
		globals_ = PyModule_GetDict(main_);
		return globals_ != nullptr;
	}
	bool load(PyObject *name)
	{
		Py_XDECREF(module_);
		module_ = PyImport_Import(name);
		if (!module_)
			return false;
		dict_ = PyModule_GetDict(module_);
		return PyDict_Merge(dict_, globals_, 0) == 0;
	}
	~Script() { Py_XDECREF(module_); }
};

static PyObject *sys_modules_; // borrowed: the interpreter keeps it

extern "C" int remember_modules(void)
{
	sys_modules_ = PyImport_GetModuleDict();
	return sys_modules_ ? 0 : -1;
}
