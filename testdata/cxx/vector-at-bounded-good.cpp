// `v.at(i)` inside `for (..; i < v.size(); ..)` does not throw: the index
// is in range (qcalculator's and xmipp's loops over a vector of names),
// so no exception leaves with the list held.
// expect-no-diagnostics
#include <Python.h>
#include <string>
#include <vector>

PyObject *names_list(const std::vector<std::string> &names)
{
	PyObject *list = PyList_New(0);
	if (!list)
		return nullptr;
	for (size_t i = 0; i < names.size(); i++) {
		PyObject *s = PyUnicode_FromString(names.at(i).c_str());
		if (!s || PyList_Append(list, s) < 0) {
			Py_XDECREF(s);
			Py_DECREF(list);
			return nullptr;
		}
		Py_DECREF(s);
	}
	return list;
}
