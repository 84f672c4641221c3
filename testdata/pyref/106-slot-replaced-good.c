/*
 * An item of a list this function made is replaced in place: its
 * reference, which the list held, is released right before the slot is
 * overwritten (PyList_SET_ITEM does not release the old item). The read
 * of the slot was forgotten at the method call between (msgspec's
 * rename_camel_inner).
 */
// expect-no-diagnostics
#include <Python.h>

PyObject *title_parts(PyObject *field)
{
	PyObject *out = NULL;
	PyObject *sep = PyUnicode_FromString("_");
	if (sep == NULL)
		return NULL;
	PyObject *parts = PyUnicode_Split(field, sep, -1);
	if (parts == NULL)
		goto done;
	for (Py_ssize_t i = 0; i < PyList_GET_SIZE(parts); i++) {
		PyObject *part = PyList_GET_ITEM(parts, i);
		PyObject *part_title = PyObject_CallMethod(part, "title", NULL);
		if (part_title == NULL)
			goto done;
		Py_DECREF(part);
		PyList_SET_ITEM(parts, i, part_title);
	}
	out = PyUnicode_Join(sep, parts);
done:
	Py_XDECREF(parts);
	Py_DECREF(sep);
	return out;
}
