/* A dispatcher no table registers hands back what each handler returns
 * (MangoEngine's script events): a handler that returns a bare Py_None
 * returns a borrowed reference, and so, on that path, does the
 * dispatcher, by the contract its callers keep (they take their own
 * reference on every result). With no caller in view that is its design,
 * as a pass-through of a parameter is: no MOJO-OWN-107. */
#include <Python.h>
#include <string.h>

static PyObject *handle_set_position(PyObject *args)
{
	PyObject *x = PyTuple_GetItem(args, 0);
	if (!x)
		return NULL;
	return Py_None;
}

static PyObject *handle_get_position(PyObject *args)
{
	(void)args;
	return Py_BuildValue("(dd)", 0.0, 1.0);
}

PyObject *handle_script_event(const char *name, PyObject *args)
{
	if (!strcmp(name, "SetPosition"))
		return handle_set_position(args);
	if (!strcmp(name, "GetPosition"))
		return handle_get_position(args);
	return NULL;
}

/* expect-no-diagnostics */
