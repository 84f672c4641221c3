// The same key dropped on a path that returns before the map keeps it.
#include <Python.h>
#include <unordered_map>

class Kwds {
public:
	void add(const char *name, size_t index, bool only_check)
	{
		PyObject *py_name = PyUnicode_FromString(name);
		if (!py_name)
			return;
		if (only_check)
			return; // expect-warning[MOJO-OWN-101] {{'py_name'}}
		kwd_map[py_name] = index;
	}

private:
	std::unordered_map<PyObject *, size_t> kwd_map;
};
