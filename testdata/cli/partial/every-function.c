/* Every function holds an error: nothing is analyzed, the file failed. */
#include "no-python-here.h"

PyObject *first(PyObject *self)
{
	return PyLong_FromLong(1);
}
