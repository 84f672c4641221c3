// expect-no-diagnostics
// Reduced from orthanc-python: a new reference stored through a local
// reference (`PyObject *&out = a.second;`) goes into the caller's
// container, which releases its items later.
#include <Python.h>
#include <utility>
#include <vector>

void convert_args(const std::vector<long> &data,
		  std::vector<std::pair<int, PyObject *>> &args)
{
	args.resize(data.size());
	for (size_t i = 0; i < data.size(); i++) {
		std::pair<int, PyObject *> &a = args[i];
		a.first = (int)i;
		PyObject *&out = a.second;
		out = PyLong_FromLong(data[i]);
		if (!out) {
			PyErr_Clear();
			out = Py_NewRef(Py_None);
		}
	}
}
