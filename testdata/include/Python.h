/*
 * Python.h — a minimal stand-in for CPython's header, so testdata results
 * never depend on the host's Python. It declares the API
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
PyObject *PyObject_Init(PyObject *op, PyTypeObject *type);
#define PyObject_Del PyObject_Free
void PyObject_GC_Del(void *p);

/* reference counting, 3.11 shape */
static inline Py_ssize_t Py_REFCNT(PyObject *ob) { return ob->ob_refcnt; }
#define Py_REFCNT(ob) Py_REFCNT(_PyObject_CAST(ob))
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
PyObject *PyLong_FromLongLong(long long v);
PyObject *PyLong_FromUnsignedLong(unsigned long v);
PyObject *PyLong_FromSize_t(size_t v);
long PyLong_AsLong(PyObject *o);
unsigned long PyLong_AsUnsignedLongMask(PyObject *o);
PyObject *PyLong_FromString(const char *str, char **pend, int base);
int PyMapping_HasKeyString(PyObject *o, const char *key);
PyObject *PyMapping_GetItemString(PyObject *o, const char *key);
int PyCallable_Check(PyObject *o);
PyObject *PyWeakref_NewRef(PyObject *ob, PyObject *callback);
PyObject *PyModule_GetDict(PyObject *m);
PyObject *PyType_GetName(PyTypeObject *type);
PyObject *PyType_GetQualName(PyTypeObject *type);
Py_ssize_t PySequence_Size(PyObject *o);
PyObject *PySequence_GetItem(PyObject *o, Py_ssize_t i);
PyObject *PySequence_Repeat(PyObject *o, Py_ssize_t count);
PyObject *PyMapping_Items(PyObject *o);
int PyDict_Update(PyObject *a, PyObject *b);
#define Py_UNUSED(name) _unused_##name __attribute__((unused))
PyObject *PyList_New(Py_ssize_t n);
int PyList_Append(PyObject *list, PyObject *item);
PyObject *PyTuple_New(Py_ssize_t n);
int PyTuple_SetItem(PyObject *t, Py_ssize_t i, PyObject *o);
PyObject *PyBytes_FromStringAndSize(const char *s, Py_ssize_t n);
PyObject *PyBytes_FromString(const char *s);
int _PyBytes_Resize(PyObject **bytes, Py_ssize_t newsize);
PyObject *PyUnicode_FromString(const char *s);
#define Py_single_input 256
#define Py_file_input 257
#define Py_eval_input 258
typedef struct PyCompilerFlags PyCompilerFlags;
PyObject *PyRun_StringFlags(const char *str, int start, PyObject *globals,
			    PyObject *locals, PyCompilerFlags *flags);
/* as CPython's pythonrun.h defines it */
#define PyRun_String(str, s, g, l) PyRun_StringFlags((str), (s), (g), (l), NULL)
int PyArg_ParseTuple(PyObject *args, const char *fmt, ...);
PyObject *Py_BuildValue(const char *fmt, ...);
PyObject *Py_VaBuildValue(const char *format, va_list va);
#ifdef PY_SSIZE_T_CLEAN
/* as CPython's modsupport.h renames it */
PyObject *_Py_VaBuildValue_SizeT(const char *format, va_list va);
#define Py_VaBuildValue _Py_VaBuildValue_SizeT
#endif

/*
 * Added for testdata/pyref/ (issue 3): more of the 3.11 API, with 3.11's
 * signatures and macro shapes. Groups that testdata/docs/include/Python.h
 * also provides are complete here and define its guard macros
 * (Py_TPFLAGS_HAVE_GC, Py_TYPE), so that file skips them. As in 3.11.2,
 * PyTuple_SET_ITEM and PyList_SET_ITEM are static inline functions behind
 * a casting macro (3.10 and earlier: an assignment; see
 * pyref/set-item-macro-3.10.c); the GET_ITEM forms stay field reads.
 */

/* object layout and extension types (Include/object.h, cpython/object.h) */
typedef struct {
	PyObject ob_base;
	Py_ssize_t ob_size;
} PyVarObject;
#define PyObject_HEAD PyObject ob_base;
#define PyObject_VAR_HEAD PyVarObject ob_base;
#define PyObject_HEAD_INIT(type) {1, type},
#define PyVarObject_HEAD_INIT(type, size) {PyObject_HEAD_INIT(type) size},
#define _PyVarObject_CAST(op) ((PyVarObject *)(op))
typedef void (*destructor)(PyObject *);
typedef void (*freefunc)(void *);
typedef int (*visitproc)(PyObject *, void *);
typedef int (*traverseproc)(PyObject *, visitproc, void *);
typedef int (*inquiry)(PyObject *);
typedef PyObject *(*reprfunc)(PyObject *);
typedef PyObject *(*getattrfunc)(PyObject *, char *);
typedef int (*setattrfunc)(PyObject *, char *, PyObject *);
typedef PyObject *(*getattrofunc)(PyObject *, PyObject *);
typedef int (*setattrofunc)(PyObject *, PyObject *, PyObject *);
typedef Py_ssize_t (*hashfunc)(PyObject *);
typedef PyObject *(*ternaryfunc)(PyObject *, PyObject *, PyObject *);
typedef PyObject *(*richcmpfunc)(PyObject *, PyObject *, int);
typedef PyObject *(*getiterfunc)(PyObject *);
typedef PyObject *(*iternextfunc)(PyObject *);
typedef PyObject *(*descrgetfunc)(PyObject *, PyObject *, PyObject *);
typedef int (*descrsetfunc)(PyObject *, PyObject *, PyObject *);
typedef int (*initproc)(PyObject *, PyObject *, PyObject *);
typedef PyObject *(*newfunc)(PyTypeObject *, PyObject *, PyObject *);
typedef PyObject *(*allocfunc)(PyTypeObject *, Py_ssize_t);
typedef PyObject *(*vectorcallfunc)(PyObject *, PyObject *const *, size_t,
				    PyObject *);
typedef PyObject *(*PyCFunction)(PyObject *, PyObject *);
typedef struct PyMethodDef {
	const char *ml_name;
	PyCFunction ml_meth;
	int ml_flags;
	const char *ml_doc;
} PyMethodDef;

// Include/descrobject.h (3.12; <structmember.h> spells the same names
// without the Py_ prefix).
typedef struct PyMemberDef {
	const char *name;
	int type;
	Py_ssize_t offset;
	int flags;
	const char *doc;
} PyMemberDef;
#define Py_T_OBJECT_EX 16
#define T_OBJECT 6
#define T_OBJECT_EX 16
#define Py_READONLY 1
#define READONLY 1
typedef PyObject *(*getter)(PyObject *, void *);
typedef int (*setter)(PyObject *, PyObject *, void *);
typedef struct PyGetSetDef {
	const char *name;
	getter get;
	setter set;
	const char *doc;
	void *closure;
} PyGetSetDef;
typedef PyObject *(*binaryfunc)(PyObject *, PyObject *);
typedef PyObject *(*unaryfunc)(PyObject *);
typedef struct {
	binaryfunc nb_add;
	binaryfunc nb_subtract;
	binaryfunc nb_multiply;
	binaryfunc nb_remainder;
	binaryfunc nb_divmod;
	ternaryfunc nb_power;
	unaryfunc nb_negative;
	unaryfunc nb_positive;
} PyNumberMethods;
#define METH_VARARGS 0x0001
#define METH_KEYWORDS 0x0002
#define METH_NOARGS 0x0004
#define PyDoc_STR(str) str
#define METH_O 0x0008
struct _typeobject {
	PyObject_VAR_HEAD
	const char *tp_name;
	Py_ssize_t tp_basicsize, tp_itemsize;
	destructor tp_dealloc;
	Py_ssize_t tp_vectorcall_offset;
	getattrfunc tp_getattr;
	setattrfunc tp_setattr;
	void *tp_as_async;
	reprfunc tp_repr;
	PyNumberMethods *tp_as_number;
	void *tp_as_sequence;
	void *tp_as_mapping;
	hashfunc tp_hash;
	ternaryfunc tp_call;
	reprfunc tp_str;
	getattrofunc tp_getattro;
	setattrofunc tp_setattro;
	void *tp_as_buffer;
	unsigned long tp_flags;
	const char *tp_doc;
	traverseproc tp_traverse;
	inquiry tp_clear;
	richcmpfunc tp_richcompare;
	Py_ssize_t tp_weaklistoffset;
	getiterfunc tp_iter;
	iternextfunc tp_iternext;
	struct PyMethodDef *tp_methods;
	struct PyMemberDef *tp_members;
	struct PyGetSetDef *tp_getset;
	PyTypeObject *tp_base;
	PyObject *tp_dict;
	descrgetfunc tp_descr_get;
	descrsetfunc tp_descr_set;
	Py_ssize_t tp_dictoffset;
	initproc tp_init;
	allocfunc tp_alloc;
	newfunc tp_new;
	freefunc tp_free;
	inquiry tp_is_gc;
	PyObject *tp_bases;
	PyObject *tp_mro;
	PyObject *tp_cache;
	PyObject *tp_subclasses;
	PyObject *tp_weaklist;
	destructor tp_del;
	unsigned int tp_version_tag;
	destructor tp_finalize;
	vectorcallfunc tp_vectorcall;
};
#define Py_TPFLAGS_DEFAULT 0UL
#define Py_TPFLAGS_HEAPTYPE (1UL << 9)
#define Py_TPFLAGS_BASETYPE (1UL << 10)
#define Py_TPFLAGS_HAVE_GC (1UL << 14)
#define Py_TPFLAGS_LONG_SUBCLASS (1UL << 24)
#define Py_TPFLAGS_LIST_SUBCLASS (1UL << 25)
#define Py_TPFLAGS_TUPLE_SUBCLASS (1UL << 26)
#define Py_TPFLAGS_UNICODE_SUBCLASS (1UL << 28)
#define Py_TPFLAGS_BYTES_SUBCLASS (1UL << 27)
#define Py_TPFLAGS_DICT_SUBCLASS (1UL << 29)
#define Py_VISIT(op)                                                        \
	do {                                                                \
		if (op) {                                                   \
			int vret = visit(_PyObject_CAST(op), arg);          \
			if (vret)                                           \
				return vret;                                \
		}                                                           \
	} while (0)
void PyObject_GC_UnTrack(void *op);
void PyObject_GC_Track(void *op);
static inline PyTypeObject *Py_TYPE(PyObject *ob) { return ob->ob_type; }
static inline void Py_SET_TYPE(PyObject *ob, PyTypeObject *type) { ob->ob_type = type; }
#define Py_TYPE(ob) Py_TYPE(_PyObject_CAST(ob))
static inline Py_ssize_t Py_SIZE(PyObject *ob)
{
	return _PyVarObject_CAST(ob)->ob_size;
}
#define Py_SIZE(ob) Py_SIZE(_PyObject_CAST(ob))
static inline int PyType_HasFeature(PyTypeObject *type, unsigned long feature)
{
	return (type->tp_flags & feature) != 0;
}
#define PyType_FastSubclass(type, flag) PyType_HasFeature(type, flag)
PyObject *PyType_GenericAlloc(PyTypeObject *type, Py_ssize_t nitems);
PyObject *PyType_GenericNew(PyTypeObject *type, PyObject *args,
			    PyObject *kwds);
int PyType_Ready(PyTypeObject *type);
PyObject *_PyObject_New(PyTypeObject *type);
#define PyObject_New(type, typeobj) ((type *)_PyObject_New(typeobj))

/* more reference counting (3.11 Include/object.h) */
static inline PyObject *_Py_XNewRef(PyObject *obj) { Py_XINCREF(obj); return obj; }
#define Py_XNewRef(obj) _Py_XNewRef(_PyObject_CAST(obj))
#define Py_SETREF(op, op2)                                                  \
	do {                                                                \
		PyObject *_py_tmp = _PyObject_CAST(op);                     \
		(op) = (op2);                                               \
		Py_DECREF(_py_tmp);                                         \
	} while (0)
#define Py_XSETREF(op, op2)                                                 \
	do {                                                                \
		PyObject *_py_tmp = _PyObject_CAST(op);                     \
		(op) = (op2);                                               \
		Py_XDECREF(_py_tmp);                                        \
	} while (0)
void Py_IncRef(PyObject *o);
void Py_DecRef(PyObject *o);
extern PyObject _Py_NotImplementedStruct;
#define Py_NotImplemented (&_Py_NotImplementedStruct)
#define Py_RETURN_NOTIMPLEMENTED return Py_NewRef(Py_NotImplemented)
struct _longobject;
extern struct _longobject _Py_FalseStruct;
extern struct _longobject _Py_TrueStruct;
#define Py_False ((PyObject *) &_Py_FalseStruct)
#define Py_True ((PyObject *) &_Py_TrueStruct)
#define Py_RETURN_TRUE return Py_NewRef(Py_True)
#define Py_RETURN_FALSE return Py_NewRef(Py_False)
static inline int Py_IsNone(PyObject *x) { return x == Py_None; }
#define Py_IsNone(x) Py_IsNone(_PyObject_CAST(x))
static inline int Py_IsTrue(PyObject *x) { return x == Py_True; }
#define Py_IsTrue(x) Py_IsTrue(_PyObject_CAST(x))
static inline int Py_IsFalse(PyObject *x) { return x == Py_False; }
#define Py_IsFalse(x) Py_IsFalse(_PyObject_CAST(x))
PyObject *PyBool_FromLong(long ok);

/* more errors */
extern PyObject *PyExc_Exception;
extern PyObject *PyExc_TypeError;
extern PyObject *PyExc_KeyError;
extern PyObject *PyExc_IndexError;
extern PyObject *PyExc_RuntimeError;
extern PyObject *PyExc_OverflowError;
extern PyObject *PyExc_AttributeError;
extern PyObject *PyExc_StopIteration;
void PyErr_SetObject(PyObject *exc, PyObject *value);
void PyErr_Fetch(PyObject **type, PyObject **value, PyObject **traceback);
void PyErr_NormalizeException(PyObject **type, PyObject **value,
			      PyObject **traceback);
void PyErr_Restore(PyObject *type, PyObject *value, PyObject *traceback);
void PyErr_Clear(void);
int PyErr_ExceptionMatches(PyObject *exc);
int PyErr_WarnEx(PyObject *category, const char *message, Py_ssize_t stack_level);
int PyErr_CheckSignals(void);
PyObject *PyErr_NewException(const char *name, PyObject *base,
			     PyObject *dict);

/* generic object protocol (Include/abstract.h, object.h) */
PyObject *PyObject_GetAttrString(PyObject *o, const char *attr_name);
int PyObject_SetAttrString(PyObject *o, const char *attr_name, PyObject *v);
PyObject *PyObject_GetAttr(PyObject *o, PyObject *attr_name);
PyObject *PySlice_New(PyObject *start, PyObject *stop, PyObject *step);
PyObject *PyObject_Dir(PyObject *o);
PyObject *PyCell_New(PyObject *ob);
int PyObject_HasAttrString(PyObject *o, const char *attr_name);
PyObject *PyObject_GetItem(PyObject *o, PyObject *key);
int PyObject_SetItem(PyObject *o, PyObject *key, PyObject *v);
PyObject *PyObject_Str(PyObject *o);
PyObject *PyObject_Repr(PyObject *o);
PyObject *PyObject_Type(PyObject *o);
int PyObject_IsTrue(PyObject *o);
Py_ssize_t PyObject_Size(PyObject *o);
PyObject *PyObject_GetIter(PyObject *o);
PyObject *PyIter_Next(PyObject *o);
PyObject *PyObject_CallObject(PyObject *callable, PyObject *args);
PyObject *PyObject_Call(PyObject *callable, PyObject *args, PyObject *kwargs);
PyObject *PyObject_CallNoArgs(PyObject *func);
PyObject *PyObject_CallFunctionObjArgs(PyObject *callable, ...);
PyObject *PyObject_CallMethodObjArgs(PyObject *obj, PyObject *name, ...);
PyObject *PyObject_CallFunction(PyObject *callable, const char *format, ...);
PyObject *PyObject_CallMethod(PyObject *obj, const char *name,
			      const char *format, ...);
PyObject *PyNumber_Add(PyObject *o1, PyObject *o2);
PyObject *PyNumber_Xor(PyObject *o1, PyObject *o2);
PyObject *PyNumber_Index(PyObject *o);
PyObject *PyNumber_InPlaceAdd(PyObject *o1, PyObject *o2);
PyObject *PyNumber_Long(PyObject *o);
PyObject *PyImport_ImportModule(const char *name);
PyObject *PyImport_AddModule(const char *name);
PyObject *PyImport_Import(PyObject *name);
PyObject *PyImport_GetModuleDict(void);
PyObject *PySequence_Tuple(PyObject *o);
PyObject *PySys_GetObject(const char *name);
int PyDict_Merge(PyObject *a, PyObject *b, int override);
void PySys_WriteStderr(const char *format, ...);
PyObject *PyUnicode_FromEncodedObject(PyObject *obj, const char *encoding,
				      const char *errors);
PyObject *PyContextVar_New(const char *name, PyObject *def);
int PyContextVar_Get(PyObject *var, PyObject *default_value, PyObject **value);
PyObject *PyContextVar_Set(PyObject *var, PyObject *value);

/* numbers */
PyObject *PyLong_FromSsize_t(Py_ssize_t v);
Py_ssize_t PyLong_AsSsize_t(PyObject *pylong);
PyObject *PyFloat_FromDouble(double v);
double PyFloat_AsDouble(PyObject *pyfloat);
extern PyTypeObject PyFloat_Type;
int PyType_IsSubtype(PyTypeObject *a, PyTypeObject *b);
#define PyFloat_CheckExact(op) (Py_TYPE(op) == &PyFloat_Type)
#define PyFloat_Check(op) \
	(PyFloat_CheckExact(op) || PyType_IsSubtype(Py_TYPE(op), &PyFloat_Type))
#define PyLong_Check(op) \
	PyType_FastSubclass(Py_TYPE(op), Py_TPFLAGS_LONG_SUBCLASS)

/* strings */
PyObject *PyUnicode_FromFormat(const char *format, ...);
PyObject *PyUnicode_FromStringAndSize(const char *u, Py_ssize_t size);
PyObject *PyUnicode_InternFromString(const char *u);
PyObject *PyUnicode_Concat(PyObject *left, PyObject *right);
PyObject *PyUnicode_Join(PyObject *separator, PyObject *seq);
PyObject *PyUnicode_Split(PyObject *s, PyObject *sep, Py_ssize_t maxsplit);
const char *PyUnicode_AsUTF8(PyObject *unicode);
Py_ssize_t PyUnicode_AsWideChar(PyObject *unicode, wchar_t *w, Py_ssize_t size);
const char *PyUnicode_AsUTF8AndSize(PyObject *unicode, Py_ssize_t *size);
#define PyUnicode_Check(op) \
	PyType_FastSubclass(Py_TYPE(op), Py_TPFLAGS_UNICODE_SUBCLASS)

/* tuples (Include/tupleobject.h, cpython/tupleobject.h) */
typedef struct {
	PyObject_VAR_HEAD
	PyObject *ob_item[1];
} PyTupleObject;
#define _PyTuple_CAST(op) ((PyTupleObject *)(op))
PyObject *PyTuple_GetItem(PyObject *p, Py_ssize_t pos);
Py_ssize_t PyTuple_Size(PyObject *p);
PyObject *PyTuple_Pack(Py_ssize_t n, ...);
static inline Py_ssize_t PyTuple_GET_SIZE(PyObject *op)
{
	return Py_SIZE(_PyTuple_CAST(op));
}
#define PyTuple_GET_SIZE(op) PyTuple_GET_SIZE(_PyObject_CAST(op))
#define PyTuple_GET_ITEM(op, i) (_PyTuple_CAST(op)->ob_item[i])
/* Function *only* to be used to fill in brand new tuples */
static inline void PyTuple_SET_ITEM(PyObject *op, Py_ssize_t index,
				    PyObject *value)
{
	PyTupleObject *tuple = _PyTuple_CAST(op);
	tuple->ob_item[index] = value;
}
#define PyTuple_SET_ITEM(op, index, value) \
	PyTuple_SET_ITEM(_PyObject_CAST(op), index, _PyObject_CAST(value))
#define PyTuple_Check(op) \
	PyType_FastSubclass(Py_TYPE(op), Py_TPFLAGS_TUPLE_SUBCLASS)

/* lists (Include/listobject.h, cpython/listobject.h) */
typedef struct {
	PyObject_VAR_HEAD
	PyObject **ob_item;
	Py_ssize_t allocated;
} PyListObject;
#define _PyList_CAST(op) ((PyListObject *)(op))
PyObject *PyList_GetItem(PyObject *list, Py_ssize_t i);
int PyList_SetItem(PyObject *list, Py_ssize_t i, PyObject *item);
int PyList_Insert(PyObject *list, Py_ssize_t i, PyObject *item);
Py_ssize_t PyList_Size(PyObject *list);
PyObject *PyList_AsTuple(PyObject *list);
static inline Py_ssize_t PyList_GET_SIZE(PyObject *op)
{
	return Py_SIZE(_PyList_CAST(op));
}
#define PyList_GET_SIZE(op) PyList_GET_SIZE(_PyObject_CAST(op))
#define PyList_GET_ITEM(op, i) (_PyList_CAST(op)->ob_item[i])
static inline void PyList_SET_ITEM(PyObject *op, Py_ssize_t index,
				   PyObject *value)
{
	PyListObject *list = _PyList_CAST(op);
	list->ob_item[index] = value;
}
#define PyList_SET_ITEM(op, index, value) \
	PyList_SET_ITEM(_PyObject_CAST(op), index, _PyObject_CAST(value))
#define PyList_Check(op) \
	PyType_FastSubclass(Py_TYPE(op), Py_TPFLAGS_LIST_SUBCLASS)

/* dicts and sets */
PyObject *PyDict_New(void);
PyObject *PyDict_GetItem(PyObject *mp, PyObject *key);
PyObject *PyDict_GetItemWithError(PyObject *mp, PyObject *key);
PyObject *PyDict_GetItemString(PyObject *d, const char *key);
int PyDict_SetItem(PyObject *mp, PyObject *key, PyObject *item);
int PyDict_SetItemString(PyObject *dp, const char *key, PyObject *item);
int PyDict_DelItem(PyObject *mp, PyObject *key);
int PyDict_Next(PyObject *mp, Py_ssize_t *pos, PyObject **key,
		PyObject **value);
PyObject *PyDict_Keys(PyObject *mp);
Py_ssize_t PyDict_Size(PyObject *mp);
PyObject *PySet_New(PyObject *iterable);
int PySet_Add(PyObject *set, PyObject *key);

/* arguments and values */
int PyArg_ParseTupleAndKeywords(PyObject *args, PyObject *kw,
				const char *format, char **keywords, ...);
int PyArg_UnpackTuple(PyObject *args, const char *name, Py_ssize_t min,
		      Py_ssize_t max, ...);

/* modules (Include/moduleobject.h, modsupport.h) */
typedef struct PyModuleDef_Base {
	PyObject_HEAD
	PyObject *(*m_init)(void);
	Py_ssize_t m_index;
	PyObject *m_copy;
} PyModuleDef_Base;
#define PyModuleDef_HEAD_INIT {PyObject_HEAD_INIT(NULL) NULL, 0, NULL}
typedef struct PyModuleDef {
	PyModuleDef_Base m_base;
	const char *m_name;
	const char *m_doc;
	Py_ssize_t m_size;
	PyMethodDef *m_methods;
	void *m_slots;
	traverseproc m_traverse;
	inquiry m_clear;
	freefunc m_free;
} PyModuleDef;
#define PYTHON_API_VERSION 1013
PyObject *PyModule_Create2(PyModuleDef *def, int apiver);
#define PyModule_Create(module) PyModule_Create2(module, PYTHON_API_VERSION)
void *PyModule_GetState(PyObject *module);
int PyModule_AddObject(PyObject *mod, const char *name, PyObject *value);
int PyModule_AddObjectRef(PyObject *mod, const char *name, PyObject *value);
PyObject *PyModule_New(const char *name);
int PyModule_AddFunctions(PyObject *module, PyMethodDef *functions);
int PyTraceMalloc_Track(unsigned int domain, unsigned long ptr, size_t size);
int PyTraceMalloc_Untrack(unsigned int domain, unsigned long ptr);
int PyModule_AddIntConstant(PyObject *mod, const char *name, long value);
int PyModule_AddType(PyObject *module, PyTypeObject *type);

/*
 * Added for testdata/graph/ (issue 5): heap types, GC and module teardown,
 * with 3.11's layouts (Include/object.h, typeslots.h, objimpl.h,
 * moduleobject.h, pylifecycle.h).
 */
typedef struct {
	int slot;
	void *pfunc;
} PyType_Slot;
typedef struct {
	const char *name;
	int basicsize;
	int itemsize;
	unsigned int flags;
	PyType_Slot *slots;
} PyType_Spec;
#define Py_tp_clear 51
#define Py_tp_dealloc 52
#define Py_tp_init 60
#define Py_tp_iternext 63
#define Py_tp_new 65
#define Py_tp_traverse 71
#define Py_tp_free 74
#define Py_tp_finalize 80
PyObject *PyType_FromSpec(PyType_Spec *spec);
PyObject *PyType_FromModuleAndSpec(PyObject *module, PyType_Spec *spec,
				   PyObject *bases);
void PyObject_GC_Del(void *op);
PyObject *_PyObject_GC_New(PyTypeObject *type);
#define PyObject_GC_New(type, typeobj) ((type *)_PyObject_GC_New(typeobj))
int Py_AtExit(void (*func)(void));
int Py_IsInitialized(void);
int PyObject_SetAttr(PyObject *o, PyObject *attr_name, PyObject *v);
int PyObject_DelAttrString(PyObject *o, const char *attr_name);
int PyDict_DelItemString(PyObject *d, const char *key);
typedef struct PyModuleDef_Slot {
	int slot;
	void *value;
} PyModuleDef_Slot;
#define Py_mod_exec 2
PyObject *PyModuleDef_Init(PyModuleDef *def);

/*
 * Added for testdata/{buffer,gil,tss,heap,cuda,userkind}/ (issue 4): bytes,
 * the buffer protocol, the GIL and thread-specific storage, with 3.11's
 * signatures and macro shapes (Include/bytesobject.h, pybuffer.h, ceval.h,
 * pystate.h, pythread.h, cpython/pythread.h). Defining PyBUF_WRITABLE and
 * Py_BEGIN_ALLOW_THREADS here makes testdata/docs/include/Python.h skip its
 * own copies.
 */
/* bytes and bytearray */
PyObject *PyObject_Bytes(PyObject *o);
char *PyBytes_AsString(PyObject *o);
int PyBytes_AsStringAndSize(PyObject *obj, char **buffer, Py_ssize_t *length);
Py_ssize_t PyBytes_Size(PyObject *o);
char *PyByteArray_AsString(PyObject *bytearray);
PyObject *PyByteArray_FromStringAndSize(const char *string, Py_ssize_t len);
int PyArg_Parse(PyObject *args, const char *format, ...);
extern PyObject *PyExc_BufferError;
extern PyObject *PyExc_OSError;
PyObject *PyErr_SetFromErrno(PyObject *type);
void PyErr_Print(void);

/* the buffer protocol (Include/pybuffer.h) */
typedef struct {
	void *buf;
	PyObject *obj;
	Py_ssize_t len;
	Py_ssize_t itemsize;
	int readonly;
	int ndim;
	char *format;
	Py_ssize_t *shape;
	Py_ssize_t *strides;
	Py_ssize_t *suboffsets;
	void *internal;
} Py_buffer;
#define PyBUF_SIMPLE 0
#define PyBUF_WRITABLE 0x0001
#define PyBUF_WRITEABLE PyBUF_WRITABLE
#define PyBUF_FORMAT 0x0004
#define PyBUF_ND 0x0008
#define PyBUF_STRIDES (0x0010 | PyBUF_ND)
#define PyBUF_C_CONTIGUOUS (0x0020 | PyBUF_STRIDES)
#define PyBUF_F_CONTIGUOUS (0x0040 | PyBUF_STRIDES)
#define PyBUF_ANY_CONTIGUOUS (0x0080 | PyBUF_STRIDES)
#define PyBUF_INDIRECT (0x0100 | PyBUF_STRIDES)
#define PyBUF_CONTIG (PyBUF_ND | PyBUF_WRITABLE)
#define PyBUF_CONTIG_RO (PyBUF_ND)
#define PyBUF_STRIDED (PyBUF_STRIDES | PyBUF_WRITABLE)
#define PyBUF_STRIDED_RO (PyBUF_STRIDES)
#define PyBUF_RECORDS (PyBUF_STRIDES | PyBUF_WRITABLE | PyBUF_FORMAT)
#define PyBUF_RECORDS_RO (PyBUF_STRIDES | PyBUF_FORMAT)
#define PyBUF_FULL (PyBUF_INDIRECT | PyBUF_WRITABLE | PyBUF_FORMAT)
#define PyBUF_FULL_RO (PyBUF_INDIRECT | PyBUF_FORMAT)
#define PyBUF_READ 0x100
#define PyBUF_WRITE 0x200
int PyObject_CheckBuffer(PyObject *obj);
int PyObject_GetBuffer(PyObject *obj, Py_buffer *view, int flags);
void PyBuffer_Release(Py_buffer *view);
int PyBuffer_IsContiguous(const Py_buffer *view, char fort);
int PyBuffer_ToContiguous(void *buf, const Py_buffer *view, Py_ssize_t len,
			  char order);
int PyBuffer_FillInfo(Py_buffer *view, PyObject *o, void *buf, Py_ssize_t len,
		      int readonly, int flags);
PyObject *PyMemoryView_FromBuffer(const Py_buffer *info);
PyObject *PyMemoryView_FromMemory(char *mem, Py_ssize_t size, int flags);

/* the GIL (Include/ceval.h, pystate.h) */
typedef struct _ts PyThreadState;
PyThreadState *PyEval_SaveThread(void);
void PyEval_RestoreThread(PyThreadState *tstate);
#define Py_BEGIN_ALLOW_THREADS                                              \
	{                                                                   \
		PyThreadState *_save;                                       \
		_save = PyEval_SaveThread();
#define Py_BLOCK_THREADS PyEval_RestoreThread(_save);
#define Py_UNBLOCK_THREADS _save = PyEval_SaveThread();
#define Py_END_ALLOW_THREADS                                                \
		PyEval_RestoreThread(_save);                                \
	}
typedef enum { PyGILState_LOCKED, PyGILState_UNLOCKED } PyGILState_STATE;
PyGILState_STATE PyGILState_Ensure(void);
void PyGILState_Release(PyGILState_STATE state);
PyThreadState *PyGILState_GetThisThreadState(void);
int PyGILState_Check(void);
typedef struct _is PyInterpreterState;
PyThreadState *PyThreadState_New(PyInterpreterState *interp);
void PyThreadState_Clear(PyThreadState *tstate);
void PyThreadState_Delete(PyThreadState *tstate);
void PyEval_AcquireThread(PyThreadState *tstate);
void PyEval_ReleaseThread(PyThreadState *tstate);

/* threads and thread-specific storage (Include/pythread.h) */
typedef void *PyThread_type_lock;
#define WAIT_LOCK 1
#define NOWAIT_LOCK 0
PyThread_type_lock PyThread_allocate_lock(void);
void PyThread_free_lock(PyThread_type_lock lock);
int PyThread_acquire_lock(PyThread_type_lock lock, int waitflag);
void PyThread_release_lock(PyThread_type_lock lock);
unsigned long PyThread_get_thread_ident(void);
typedef struct _Py_tss_t Py_tss_t;
struct _Py_tss_t {
	int _is_initialized;
	unsigned int _key; /* pthread_key_t on POSIX */
};
#define Py_tss_NEEDS_INIT {0}
Py_tss_t *PyThread_tss_alloc(void);
void PyThread_tss_free(Py_tss_t *key);
int PyThread_tss_is_created(Py_tss_t *key);
int PyThread_tss_create(Py_tss_t *key);
void PyThread_tss_delete(Py_tss_t *key);
int PyThread_tss_set(Py_tss_t *key, void *value);
void *PyThread_tss_get(Py_tss_t *key);
int PyThread_create_key(void);
void PyThread_delete_key(int key);
int PyThread_set_key_value(int key, void *value);
void *PyThread_get_key_value(int key);
void PyThread_delete_key_value(int key);

/* pointers and capsules (Include/longobject.h, pycapsule.h) */
PyObject *PyLong_FromVoidPtr(void *p);
void *PyLong_AsVoidPtr(PyObject *pylong);
typedef void (*PyCapsule_Destructor)(PyObject *);
PyObject *PyCapsule_New(void *pointer, const char *name,
			PyCapsule_Destructor destructor);
void *PyCapsule_GetPointer(PyObject *capsule, const char *name);
const char *PyCapsule_GetName(PyObject *capsule);
PyCapsule_Destructor PyCapsule_GetDestructor(PyObject *capsule);
void *PyCapsule_GetContext(PyObject *capsule);
int PyCapsule_IsValid(PyObject *capsule, const char *name);
int PyCapsule_SetPointer(PyObject *capsule, void *pointer);
int PyCapsule_SetName(PyObject *capsule, const char *name);
int PyCapsule_SetDestructor(PyObject *capsule,
			    PyCapsule_Destructor destructor);
int PyCapsule_SetContext(PyObject *capsule, void *context);
void *PyCapsule_Import(const char *name, int no_block);
void PyErr_WriteUnraisable(PyObject *obj);

/* code that can run Python, exact-type checks, sequences as arrays
 * (Include/object.h, abstract.h, listobject.h, unicodeobject.h) */
typedef Py_ssize_t Py_hash_t;
#define Py_LT 0
#define Py_LE 1
#define Py_EQ 2
#define Py_NE 3
#define Py_GT 4
#define Py_GE 5
PyObject *PyObject_RichCompare(PyObject *o1, PyObject *o2, int opid);
int PyObject_RichCompareBool(PyObject *o1, PyObject *o2, int opid);
Py_hash_t PyObject_Hash(PyObject *o);
PyObject *PyObject_CallOneArg(PyObject *callable, PyObject *arg);
#define PY_VECTORCALL_ARGUMENTS_OFFSET ((size_t)1 << (8 * sizeof(size_t) - 1))
PyObject *PyObject_Vectorcall(PyObject *callable, PyObject *const *args,
                              size_t nargsf, PyObject *kwnames);
PyObject *PyObject_VectorcallMethod(PyObject *name, PyObject *const *args,
                                    size_t nargsf, PyObject *kwnames);
int PyUnicode_Compare(PyObject *left, PyObject *right);
int PyUnicode_CompareWithASCIIString(PyObject *uni, const char *string);
extern PyTypeObject PyUnicode_Type;
extern PyTypeObject PyLong_Type;
extern PyTypeObject PyList_Type;
extern PyTypeObject PyBytes_Type;
#define Py_IS_TYPE(ob, type) (Py_TYPE(ob) == (type))
#define PyUnicode_CheckExact(op) Py_IS_TYPE(op, &PyUnicode_Type)
#define PyLong_CheckExact(op) Py_IS_TYPE(op, &PyLong_Type)
#define PyList_CheckExact(op) Py_IS_TYPE(op, &PyList_Type)
#define PyBytes_CheckExact(op) Py_IS_TYPE(op, &PyBytes_Type)
#define PyBytes_Check(op) \
	PyType_FastSubclass(Py_TYPE(op), Py_TPFLAGS_BYTES_SUBCLASS)
extern PyTypeObject PyDict_Type;
#define PyDict_CheckExact(op) Py_IS_TYPE(op, &PyDict_Type)
int _PyList_Resize(PyObject **plist, Py_ssize_t newsize);
PyObject *PySequence_Fast(PyObject *o, const char *m);
#define PySequence_Fast_GET_SIZE(o) \
	(PyList_Check(o) ? PyList_GET_SIZE(o) : PyTuple_GET_SIZE(o))
#define PySequence_Fast_GET_ITEM(o, i) \
	(PyList_Check(o) ? PyList_GET_ITEM(o, i) : PyTuple_GET_ITEM(o, i))
#define PySequence_Fast_ITEMS(sf) \
	(PyList_Check(sf) ? ((PyListObject *)(sf))->ob_item \
			  : ((PyTupleObject *)(sf))->ob_item)
typedef struct {
	PyObject_VAR_HEAD
	Py_hash_t ob_shash;
	char ob_sval[1];
} PyBytesObject;
#define PyBytes_AS_STRING(op) (((PyBytesObject *)(op))->ob_sval)
#define PyBytes_GET_SIZE(op) Py_SIZE(op)
PyObject *PyNumber_Multiply(PyObject *o1, PyObject *o2);
int PyList_SetSlice(PyObject *list, Py_ssize_t low, Py_ssize_t high,
		    PyObject *itemlist);
void PyDict_Clear(PyObject *p);
int PyObject_DelItem(PyObject *o, PyObject *key);
PyObject *PyUnicode_AsUTF8String(PyObject *unicode);
PyObject *PyUnicode_AsEncodedString(PyObject *unicode, const char *encoding,
				    const char *errors);

#endif
