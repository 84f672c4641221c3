// From Pillow (python-pillow/Pillow) src/path.c, PyPath_Flatten (the
// coordinates of ImagePath.Path and of ImageDraw's polygon, line, ...), as
// of the parent of commit 9c576d63c ("Fix refcounts after porting to
// GetItemRef & better error checking", Lysandros Nikolaou, 2024, merged
// with pull request #8216 from the branch hugovk/free-threading, the same
// pull request as the fix of pillow-libtiff-encoder-tags.c). For a list of
// coordinates, each item is borrowed with PyList_GET_ITEM and handed to
// PyFloat_AsDouble or to PyArg_ParseTuple(op, "dd", ...); the latter
// converts the pair's members with their __float__, user code that may
// clear the coordinate list and free the pair while PyArg_ParseTuple is
// still reading it (a borrow passed into a call that runs code able to
// free it: PyArg_ParseTuple reads the next member of the freed tuple, and
// the pair's members are not kept alive either). The fix takes each item with
// PyList_GetItemRef and releases it after the conversion. The commit was
// made for free-threaded builds; the single-threaded path through __float__
// is the one of issue #13's shape.
//
// PyPath_Flatten (with its assign_item_to_array macro), alloc_array and the
// PyPathObject struct are verbatim; Pillow's buffer helpers,
// ImagingError_MemoryError and the calls the stub headers lack are declared
// here. The tool reports nothing else on this code.
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Not in the stub headers. */
int PyNumber_Check(PyObject *o);
int PySequence_Check(PyObject *o);
Py_ssize_t PyObject_Length(PyObject *o);
double PyFloat_AS_DOUBLE(PyObject *o);
long PyLong_AS_LONG(PyObject *o);
void *ImagingError_MemoryError(void);

/* compatibility wrappers (defined in _imaging.c) */
extern int
PyImaging_CheckBuffer(PyObject *buffer);
extern int
PyImaging_GetBuffer(PyObject *buffer, Py_buffer *view);

/* -------------------------------------------------------------------- */
/* Class                                                                */
/* -------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD Py_ssize_t count;
    double *xy;
    int index; /* temporary use, e.g. in decimate */
} PyPathObject;

static PyTypeObject PyPathType;

static double *
alloc_array(Py_ssize_t count) {
    double *xy;
    if (count < 0) {
        return ImagingError_MemoryError();
    }
    if ((unsigned long long)count > (SIZE_MAX / (2 * sizeof(double))) - 1) {
        return ImagingError_MemoryError();
    }
    xy = calloc(2 * count + 1, sizeof(double));
    if (!xy) {
        ImagingError_MemoryError();
    }
    return xy;
}

#define PyPath_Check(op) (Py_TYPE(op) == &PyPathType)

Py_ssize_t
PyPath_Flatten(PyObject *data, double **pxy) {
    Py_ssize_t i, j, n;
    double *xy;

    if (PyPath_Check(data)) {
        /* This was another path object. */
        PyPathObject *path = (PyPathObject *)data;
        xy = alloc_array(path->count);
        if (!xy) {
            return -1;
        }
        memcpy(xy, path->xy, 2 * path->count * sizeof(double));
        *pxy = xy;
        return path->count;
    }

    if (PyImaging_CheckBuffer(data)) {
        /* Assume the buffer contains floats */
        Py_buffer buffer;
        if (PyImaging_GetBuffer(data, &buffer) == 0) {
            float *ptr = (float *)buffer.buf;
            n = buffer.len / (2 * sizeof(float));
            xy = alloc_array(n);
            if (!xy) {
                return -1;
            }
            for (i = 0; i < n + n; i++) {
                xy[i] = ptr[i];
            }
            *pxy = xy;
            PyBuffer_Release(&buffer);
            return n;
        }
        PyErr_Clear();
    }

    if (!PySequence_Check(data)) {
        PyErr_SetString(PyExc_TypeError, "argument must be sequence");
        return -1;
    }

    j = 0;
    n = PyObject_Length(data);
    /* Just in case __len__ breaks (or doesn't exist) */
    if (PyErr_Occurred()) {
        return -1;
    }

    /* Allocate for worst case */
    xy = alloc_array(n);
    if (!xy) {
        return -1;
    }

#define assign_item_to_array(op, decref)                                \
    if (PyFloat_Check(op)) {                                            \
        xy[j++] = PyFloat_AS_DOUBLE(op);                                \
    } else if (PyLong_Check(op)) {                                      \
        xy[j++] = (float)PyLong_AS_LONG(op);                            \
    } else if (PyNumber_Check(op)) {                                    \
        xy[j++] = PyFloat_AsDouble(op);                                 \
    } else if (PyArg_ParseTuple(op, "dd", &x, &y)) {                    \
        xy[j++] = x;                                                    \
        xy[j++] = y;                                                    \
    } else {                                                            \
        PyErr_SetString(PyExc_ValueError, "incorrect coordinate type"); \
        if (decref) {                                                   \
            Py_DECREF(op);                                              \
        }                                                               \
        free(xy);                                                       \
        return -1;                                                      \
    }

    /* Copy table to path array */
    if (PyList_Check(data)) {
        for (i = 0; i < n; i++) {
            double x, y;
            PyObject *op = PyList_GET_ITEM(data, i);
            assign_item_to_array(op, 0); // expect-warning[MOJO-BOR-206] {{'op'}} xfail(#13): the borrowed list item is passed into PyArg_ParseTuple(op, "dd", ...), whose float conversions run the __float__ of op's own members and may clear the list parameter 'data' and free op while it is parsed; a borrow passed into a code-running call is reported only as an operand of a comparison or binary number operation (the list_richcompare shape), and PyFloat_AsDouble(op) is a number conversion taken to run no code
        }
    } else if (PyTuple_Check(data)) {
        for (i = 0; i < n; i++) {
            double x, y;
            PyObject *op = PyTuple_GET_ITEM(data, i);
            assign_item_to_array(op, 0);
        }
    } else {
        for (i = 0; i < n; i++) {
            double x, y;
            PyObject *op = PySequence_GetItem(data, i);
            if (!op) {
                /* treat IndexError as end of sequence */
                if (PyErr_Occurred() && PyErr_ExceptionMatches(PyExc_IndexError)) {
                    PyErr_Clear();
                    break;
                } else {
                    free(xy);
                    return -1;
                }
            }
            assign_item_to_array(op, 1);
            Py_DECREF(op);
        }
    }

    if (j & 1) {
        PyErr_SetString(PyExc_ValueError, "wrong number of coordinates");
        free(xy);
        return -1;
    }

    *pxy = xy;
    return j / 2;
}
