/*
 * Python.h — a minimal stand-in for CPython's header, so testdata results
 * never depend on the host's Python (STYLE.md §3.9). It declares the API
 * the cases use with the same signatures as CPython 3.11, and spells the
 * refcount macros the way 3.11 does (macros over static inline functions).
 */
#ifndef OWNLINT_STUB_PYTHON_H
#define OWNLINT_STUB_PYTHON_H

#include <stddef.h>
#include <stdarg.h>

typedef ptrdiff_t Py_ssize_t;
typedef struct _object {
	Py_ssize_t ob_refcnt;
	struct _typeobject *ob_type;
} PyObject;
typedef struct _typeobject PyTypeObject;

#define _PyObject_CAST(op) ((PyObject *)(op))

/* memory */
void *PyMem_Malloc(size_t n);
void *PyMem_Calloc(size_t nelem, size_t elsize);
void *PyMem_Realloc(void *p, size_t n);
void PyMem_Free(void *p);
void *PyMem_RawMalloc(size_t n);
void *PyMem_RawCalloc(size_t nelem, size_t elsize);
void *PyMem_RawRealloc(void *p, size_t n);
void PyMem_RawFree(void *p);
void *PyObject_Malloc(size_t n);
void *PyObject_Calloc(size_t nelem, size_t elsize);
void *PyObject_Realloc(void *p, size_t n);
void PyObject_Free(void *p);

/* reference counting, 3.11 shape */
static inline void Py_INCREF(PyObject *op) { op->ob_refcnt++; }
#define Py_INCREF(op) Py_INCREF(_PyObject_CAST(op))
void _Py_Dealloc(PyObject *op);
static inline void Py_DECREF(PyObject *op)
{
	if (--op->ob_refcnt == 0)
		_Py_Dealloc(op);
}
#define Py_DECREF(op) Py_DECREF(_PyObject_CAST(op))
static inline void Py_XINCREF(PyObject *op) { if (op != NULL) Py_INCREF(op); }
#define Py_XINCREF(op) Py_XINCREF(_PyObject_CAST(op))
static inline void Py_XDECREF(PyObject *op) { if (op != NULL) Py_DECREF(op); }
#define Py_XDECREF(op) Py_XDECREF(_PyObject_CAST(op))
#define Py_CLEAR(op)                                                        \
	do {                                                                \
		PyObject *_py_tmp = _PyObject_CAST(op);                     \
		if (_py_tmp != NULL) {                                      \
			(op) = NULL;                                        \
			Py_DECREF(_py_tmp);                                 \
		}                                                           \
	} while (0)
static inline PyObject *_Py_NewRef(PyObject *obj) { Py_INCREF(obj); return obj; }
#define Py_NewRef(obj) _Py_NewRef(_PyObject_CAST(obj))

extern PyObject _Py_NoneStruct;
#define Py_None (&_Py_NoneStruct)
#define Py_RETURN_NONE return Py_NewRef(Py_None)

/* errors */
PyObject *PyErr_NoMemory(void);
PyObject *PyErr_Format(PyObject *exc, const char *fmt, ...);
void PyErr_SetString(PyObject *exc, const char *msg);
PyObject *PyErr_Occurred(void);
extern PyObject *PyExc_ValueError;
extern PyObject *PyExc_MemoryError;
void Py_FatalError(const char *msg) __attribute__((__noreturn__));

/* objects */
PyObject *PyLong_FromLong(long v);
long PyLong_AsLong(PyObject *o);
PyObject *PyList_New(Py_ssize_t n);
int PyList_Append(PyObject *list, PyObject *item);
PyObject *PyTuple_New(Py_ssize_t n);
int PyTuple_SetItem(PyObject *t, Py_ssize_t i, PyObject *o);
PyObject *PyBytes_FromStringAndSize(const char *s, Py_ssize_t n);
PyObject *PyUnicode_FromString(const char *s);
int PyArg_ParseTuple(PyObject *args, const char *fmt, ...);
PyObject *Py_BuildValue(const char *fmt, ...);

#endif
