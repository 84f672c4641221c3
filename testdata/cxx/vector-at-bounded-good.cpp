// `v.at(i)` inside `for (..; i < v.size(); ..)` does not throw: the index
// is in range (qcalculator's and xmipp's loops over a vector of names),
// so no exception leaves with the list held; nor with `i < n`, `n` taken
// as `v.size()` before the loop.
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

// ... or by a count taken from it before the loop (xmipp's
// MetaData_getActiveLabels).
PyObject *codes_list(const std::vector<int> &codes)
{
	int size = codes.size();
	PyObject *list = PyList_New(size);
	if (!list)
		return nullptr;
	for (int i = 0; i < size; ++i)
		PyList_SetItem(list, i, PyLong_FromLong(codes.at(i)));
	return list;
}
