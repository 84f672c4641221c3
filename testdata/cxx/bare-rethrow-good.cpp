// expect-no-diagnostics
// Reduced from mypaint (lib/fill/floodfill.cpp): a `throw;` with no
// handler and no `try` around it, in a switch's default that every value
// of the enum avoids, would call std::terminate (no exception is being
// handled): no exception leaves the function there.
#include <Python.h>

enum edge { north = 0, east = 1, south = 2, west = 3 };

static PyObject *seeds_list(int n, edge e)
{
	PyObject *list = PyList_New(0);
	if (!list)
		return NULL;
	for (int i = 0; i < n; ++i) {
		PyObject *seed;
		switch (e) {
		case north: seed = Py_BuildValue("ii", i, 0); break;
		case east: seed = Py_BuildValue("ii", 0, i); break;
		case south: seed = Py_BuildValue("ii", i, 1); break;
		case west: seed = Py_BuildValue("ii", 1, i); break;
		default: throw;
		}
		if (!seed) {
			Py_DECREF(list);
			return NULL;
		}
		if (PyList_Append(list, seed) < 0) {
			Py_DECREF(seed);
			Py_DECREF(list);
			return NULL;
		}
		Py_DECREF(seed);
	}
	return list;
}

PyObject *both(int n)
{
	return Py_BuildValue("[NN]", seeds_list(n, north), seeds_list(n, east));
}
