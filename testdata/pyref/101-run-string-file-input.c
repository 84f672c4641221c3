/*
 * PyRun_String with Py_file_input runs the code as a module, whose code
 * returns None: its result, dropped, is a leaked reference to None, which
 * CPython never frees (aggdraw's and kig's embedded scripts). A note, as
 * for the other cached objects; with Py_eval_input the result is any
 * object, and dropping it is a leak.
 */
#include <Python.h>

int run_script(const char *code, PyObject *globals)
{
	PyObject *r = PyRun_String(code, Py_file_input, globals, globals);
	if (r == NULL)
		return -1;
	return 0; // expect-note[MOJO-OWN-101] {{new reference 'r' from 'PyRun_StringFlags' is never released; it is Py_None, which CPython never frees: the leak only skews its reference count}}
}

int eval_expr(const char *code, PyObject *globals)
{
	PyObject *r = PyRun_String(code, Py_eval_input, globals, globals);
	if (r == NULL)
		return -1;
	return 0; // expect-warning[MOJO-OWN-101] {{new reference 'r' from 'PyRun_StringFlags' is never released}}
}
