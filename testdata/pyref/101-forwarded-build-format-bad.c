/*
 * As 101-forwarded-build-format-good.c, with "O" in the format: the tuple
 * takes a reference of its own, and the new reference handed to the
 * wrapper is lost.
 */
#include <Python.h>
#include <stdarg.h>
static PyObject *call_v(PyObject *obj, const char *meth, const char *fmt, ...)
{
    PyObject *args, *res = NULL;
    va_list va;
    va_start(va, fmt);
    args = Py_VaBuildValue(fmt, va);   /* 'N' items are stolen, also on failure */
    va_end(va);
    if (args) {
        PyObject *m = PyObject_GetAttrString(obj, meth);
        if (m) { res = PyObject_CallObject(m, args); Py_DECREF(m); }
    }
    Py_XDECREF(args);
    return res;
}
static int do_delete(PyObject *vfs, const char *name, int sync)
{
    /* flagged: "new reference from PyUnicode_FromString is leaked" */
    PyObject *r = call_v(vfs, "xDelete", "(Oi)", PyUnicode_FromString(name), sync); // expect-warning[MOJO-OWN-101] {{new reference from 'PyUnicode_FromString' is leaked: its last handle is lost here}}
    if (!r) return -1;
    Py_DECREF(r);
    return 0;
}
