#!/usr/bin/env python3
"""ci/gen-scale-file.py SIZE_MB OUT.c -- a generated C extension of about
SIZE_MB megabytes, to show that the tool's time and memory grow linearly
with file size (issue 14).

The file is one realistic extension function (argument parsing, new
references, error exits, a loop over a list, a Py_CLEAR teardown of an
object's fields) copied under distinct names until the size is reached,
plus a method table naming every copy, so that the per-file work (the
table, the owner declarations, summaries looked up by name) grows with it.
"""
import sys

TEMPLATE = r'''
static PyObject *
scale_method_{n}(ScaleObject *self, PyObject *args)
{{
    PyObject *seq = NULL, *result = NULL, *item, *key;
    Py_ssize_t i, len;
    int flags = 0;

    if (!PyArg_ParseTuple(args, "O|i:method_{n}", &seq, &flags))
        return NULL;
    result = PyList_New(0);
    if (result == NULL)
        return NULL;
    len = PySequence_Length(seq);
    if (len < 0)
        goto error;
    for (i = 0; i < len; i++) {{
        item = PySequence_GetItem(seq, i);
        if (item == NULL)
            goto error;
        key = PyObject_Str(item);
        Py_DECREF(item);
        if (key == NULL)
            goto error;
        if (flags & 1) {{
            if (PyList_Append(result, key) < 0) {{
                Py_DECREF(key);
                goto error;
            }}
        }}
        Py_DECREF(key);
    }}
    if (flags & 2) {{
        Py_CLEAR(self->first);
        Py_CLEAR(self->second);
        Py_CLEAR(self->third);
    }}
    self->count += {n} % 7;
    return result;
error:
    Py_XDECREF(result);
    return NULL;
}}
'''

HEAD = r'''#include <Python.h>

typedef struct {
    PyObject_HEAD
    PyObject *first, *second, *third;
    long count;
} ScaleObject;
'''


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: gen-scale-file.py SIZE_MB OUT.c")
    target = float(sys.argv[1]) * 1e6
    parts, size, n = [HEAD], len(HEAD), 0
    while size < target:
        text = TEMPLATE.format(n=n)
        parts.append(text)
        size += len(text)
        n += 1
    parts.append("\nstatic PyMethodDef scale_methods[] = {\n")
    for k in range(n):
        parts.append('    {"method_%d", (PyCFunction)scale_method_%d, '
                     'METH_VARARGS, NULL},\n' % (k, k))
    parts.append("    {NULL, NULL, 0, NULL}\n};\n")
    parts.append(r'''
static struct PyModuleDef scale_module = {
    PyModuleDef_HEAD_INIT, "scale", NULL, -1, scale_methods,
};

PyMODINIT_FUNC
PyInit_scale(void)
{
    return PyModule_Create(&scale_module);
}
''')
    with open(sys.argv[2], "w") as f:
        f.write("".join(parts))


main()
