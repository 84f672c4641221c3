/*
 * As 101-forwarded-build-format-good.c, under PY_SSIZE_T_CLEAN, which
 * renames Py_VaBuildValue to _Py_VaBuildValue_SizeT (apsw's build).
 */
// expect-no-diagnostics
#define PY_SSIZE_T_CLEAN
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
    PyObject *r = call_v(vfs, "xDelete", "(Ni)", PyUnicode_FromString(name), sync);
    if (!r) return -1;
    Py_DECREF(r);
    return 0;
}
