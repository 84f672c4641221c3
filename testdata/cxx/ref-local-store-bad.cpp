// A plain local pointer copied out of the caller's container is the
// function's own: the new reference stored in it and dropped leaks.
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
		PyObject *out = a.second;
		out = PyLong_FromLong(data[i]);
		if (!out)
			PyErr_Clear();
	}
} // expect-warning[MOJO-OWN-101] {{new reference 'out' from 'PyLong_FromLong' is never released}}
