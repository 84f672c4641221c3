// Hands a reference to the reader with reader.c's free_python_decref,
// whose body releases it: the reader holds the reference from then on.
#include "reader.h"

reader *open_file(PyObject *file)
{
	Py_INCREF(file);
	return reader_open(file, 1, free_python_decref);
}

reader *open_number(long n)
{
	PyObject *v = PyLong_FromLong(n);
	if (!v)
		return NULL;
	reader *r = reader_open(v, 1, free_python_decref);
	Py_DECREF(v);
	return r;
}
