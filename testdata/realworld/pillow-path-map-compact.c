// From Pillow (python-pillow/Pillow) src/path.c, path_map and path_compact,
// as of the parent of commit a99361a38 ("Raise an error if path is
// compacted during mapping", https://github.com/python-pillow/Pillow/pull/8416,
// Pillow 11.0). ImagePath.Path.map(f)
// reads the object's coordinate array into `xy` and then calls the user's
// function for each point; the function may call the same path's compact(),
// which shrinks the array with realloc and so may move it. map then writes
// the new point through `xy`, into the freed block (a pointer into memory
// the object owns, used after a call that may run Python code). The fix
// makes compact() raise while a map is running. Both methods are verbatim,
// with the path object's struct and the two rows of the method table that
// make them `map` and `compact` (the other rows left out). The tool
// reports the write through `xy` (MOJO-BOR-206): compact, a method, gives
// self->xy realloc's result for its old value.
#include <Python.h>
#include <math.h>
#include <stdlib.h>

typedef struct {
    PyObject_HEAD Py_ssize_t count;
    double *xy;
} PyPathObject;

static PyObject *
path_compact(PyPathObject *self, PyObject *args) {
    /* Simple-minded method to shorten path.  A point is removed if
       the city block distance to the previous point is less than the
       given distance */
    Py_ssize_t i, j;
    double *xy;

    double cityblock = 2.0;

    if (!PyArg_ParseTuple(args, "|d:compact", &cityblock)) {
        return NULL;
    }

    xy = self->xy;

    /* remove bogus vertices */
    for (i = j = 1; i < self->count; i++) {
        if (fabs(xy[j + j - 2] - xy[i + i]) + fabs(xy[j + j - 1] - xy[i + i + 1]) >=
            cityblock) {
            xy[j + j] = xy[i + i];
            xy[j + j + 1] = xy[i + i + 1];
            j++;
        }
    }

    i = self->count - j;
    self->count = j;

    /* shrink coordinate array */
    /* malloc check ok, self->count is smaller than it was before */
    self->xy = realloc(self->xy, 2 * self->count * sizeof(double));

    return Py_BuildValue("i", i); /* number of removed vertices */
}

static PyObject *
path_map(PyPathObject *self, PyObject *args) {
    /* Map coordinate set through function */
    Py_ssize_t i;
    double *xy;
    PyObject *function;

    if (!PyArg_ParseTuple(args, "O:map", &function)) {
        return NULL;
    }

    xy = self->xy;

    /* apply function to coordinate set */
    for (i = 0; i < self->count; i++) {
        double x = xy[i + i];
        double y = xy[i + i + 1];
        PyObject *item = PyObject_CallFunction(function, "dd", x, y);
        if (!item || !PyArg_ParseTuple(item, "dd", &x, &y)) {
            Py_XDECREF(item);
            return NULL;
        }
        xy[i + i] = x; // expect-warning[MOJO-BOR-206] {{'xy' is dereferenced after 'PyObject_CallFunction' may have run Python code (the called object) that calls 'path_compact', which reassigns 'self->xy'}}
        xy[i + i + 1] = y;
        Py_DECREF(item);
    }

    Py_INCREF(Py_None);
    return Py_None;
}

static struct PyMethodDef methods[] = {
    {"compact", (PyCFunction)path_compact, METH_VARARGS},
    {"map", (PyCFunction)path_map, METH_VARARGS},
    {NULL, NULL} /* sentinel */
};
