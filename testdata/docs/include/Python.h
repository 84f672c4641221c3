/*
 * Python.h for the rule-page examples (rules/<ID>.md, testdata/docs/):
 * the suite's stub (testdata/include/Python.h, reached with #include_next)
 * plus the CPython API the examples use and that stub does not declare
 * yet. Function declarations repeat CPython 3.11's signatures, so they are
 * harmless once the main stub declares them too; each group of types and
 * macros is guarded by a macro the main stub would define with it. When the
 * main stub covers everything, this file can go.
 */
#ifndef OWNLINT_DOCS_PYTHON_H
#define OWNLINT_DOCS_PYTHON_H

#include_next <Python.h>

/* objects and containers */
PyObject *PyList_GetItem(PyObject *list, Py_ssize_t i);
int PyList_SetItem(PyObject *list, Py_ssize_t i, PyObject *item);
PyObject *PyDict_GetItemString(PyObject *d, const char *key);
PyObject *PyObject_Str(PyObject *o);
PyObject *PyObject_Repr(PyObject *o);
PyObject *PyObject_Bytes(PyObject *o);
char *PyBytes_AsString(PyObject *o);

#ifndef Py_TYPE
#define Py_TYPE(ob) (_PyObject_CAST(ob)->ob_type)
#endif

/* extension types */
#ifndef Py_TPFLAGS_HAVE_GC
typedef void (*destructor)(PyObject *);
typedef void (*freefunc)(void *);
typedef int (*visitproc)(PyObject *, void *);
typedef int (*traverseproc)(PyObject *, visitproc, void *);
typedef int (*inquiry)(PyObject *);
typedef int (*initproc)(PyObject *, PyObject *, PyObject *);
typedef struct {
	PyObject ob_base;
	Py_ssize_t ob_size;
} PyVarObject;
struct _typeobject {
	PyVarObject ob_base;
	const char *tp_name;
	Py_ssize_t tp_basicsize, tp_itemsize;
	destructor tp_dealloc;
	unsigned long tp_flags;
	traverseproc tp_traverse;
	inquiry tp_clear;
	initproc tp_init;
	freefunc tp_free;
};
#define PyObject_HEAD PyObject ob_base;
#define PyObject_HEAD_INIT(type) {1, type},
#define PyVarObject_HEAD_INIT(type, size) {PyObject_HEAD_INIT(type) size},
#define Py_TPFLAGS_DEFAULT 0UL
#define Py_TPFLAGS_HAVE_GC (1UL << 14)
#define Py_VISIT(op)                                                        \
	do {                                                                \
		if (op) {                                                   \
			int vret = visit(_PyObject_CAST(op), arg);          \
			if (vret)                                           \
				return vret;                                \
		}                                                           \
	} while (0)
void PyObject_GC_UnTrack(void *op);
#endif

/* the buffer protocol */
#ifndef PyBUF_WRITABLE
typedef struct bufferinfo {
	void *buf;
	PyObject *obj;
	Py_ssize_t len, itemsize;
	int readonly, ndim;
	char *format;
	Py_ssize_t *shape, *strides, *suboffsets;
	void *internal;
} Py_buffer;
#define PyBUF_SIMPLE 0
#define PyBUF_WRITABLE 0x0001
int PyObject_GetBuffer(PyObject *obj, Py_buffer *view, int flags);
void PyBuffer_Release(Py_buffer *view);
#endif

/* the GIL */
#ifndef Py_BEGIN_ALLOW_THREADS
typedef struct _ts PyThreadState;
PyThreadState *PyEval_SaveThread(void);
void PyEval_RestoreThread(PyThreadState *tstate);
#define Py_BEGIN_ALLOW_THREADS                                              \
	{                                                                   \
		PyThreadState *_save;                                       \
		_save = PyEval_SaveThread();
#define Py_END_ALLOW_THREADS                                                \
		PyEval_RestoreThread(_save);                                \
	}
#endif

#endif
