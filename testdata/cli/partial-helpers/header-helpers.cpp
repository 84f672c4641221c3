/* A file with an error in one function: the others are analyzed, with
 * the summaries of the inline helpers of its headers that hold no error
 * (enigma2's ePyObject constructors, reduced). */
#include "header-helpers.h"

PyObject *get_flag(long f) { return PyLong_FromLong(f); }

PyObject *make_list()
{
	ePyObj dest = PyList_New(0);
	return dest;
}

void unrelated_broken(int n) { int a[n] = {0}; (void)a; }
