// As vector-at-bounded-good.cpp, but the index is bounded by another
// container's size: `at` may throw, and the list leaks with the
// exception.
#include <Python.h>
#include <string>
#include <vector>

PyObject *names_list(const std::vector<std::string> &names,
		     const std::vector<int> &ids)
{
	PyObject *list = PyList_New(0);
	if (!list)
		return nullptr;
	for (size_t i = 0; i < ids.size(); i++) {
		PyObject *s = PyUnicode_FromString(names.at(i).c_str()); // expect-warning[MOJO-OWN-105] {{new reference 'list' from 'PyList_New' is leaked when the exception leaves 'names_list'}}
		if (!s || PyList_Append(list, s) < 0) {
			Py_XDECREF(s);
			Py_DECREF(list);
			return nullptr;
		}
		Py_DECREF(s);
	}
	return list;
}
