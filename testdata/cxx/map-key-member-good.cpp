// A reference stored as the key of a map the object keeps (datatable's
// `kwd_map[py_name] = i`): `map[key] = value` runs the map's operator[]
// first, which keeps the key; the reference moved into the map.
// expect-no-diagnostics
#include <Python.h>
#include <unordered_map>

class Kwds {
public:
	void add(const char *name, size_t index)
	{
		PyObject *py_name = PyUnicode_FromString(name);
		if (!py_name)
			return;
		kwd_map[py_name] = index;
	}
	size_t remember(PyObject *kwd, size_t index)
	{
		Py_INCREF(kwd);
		kwd_map[kwd] = index;
		return index;
	}

private:
	std::unordered_map<PyObject *, size_t> kwd_map;
};
