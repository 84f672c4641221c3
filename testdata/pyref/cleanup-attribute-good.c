// expect-no-diagnostics
// Reduced from drgn's Python bindings (libdrgn/python): references held
// by variables declared with __attribute__((cleanup(fn))) are released by
// fn(&var) on every exit of their scope (the `}`, a return, a break, a
// goto out of the block); `no_cleanup_ptr()` hands one out. The cleanup
// is named behind two macros, inside another macro's body, or written in
// the attribute itself; a GIL guard is released the same way.
#include <Python.h>

#define _cleanup_(x) __attribute__((__cleanup__(x)))
static inline void pydecrefp(void *p)
{
	Py_XDECREF(*(PyObject **)p);
}
#define _cleanup_pydecref_ _cleanup_(pydecrefp)
#define no_cleanup_ptr(p) ({ __auto_type __ptr = (p); (p) = NULL; __ptr; })
#define return_ptr(p) return no_cleanup_ptr(p)

static inline void PyGILState_Releasep(PyGILState_STATE *gstatep)
{
	PyGILState_Release(*gstatep);
}
#define PyGILState_guard()						\
	__attribute__((__cleanup__(PyGILState_Releasep), __unused__))	\
	PyGILState_STATE gstate = PyGILState_Ensure()

int do_work(void);

PyObject *early_exits(const char *const *list, size_t n)
{
	_cleanup_pydecref_ PyObject *ret = PyTuple_New(n);
	if (!ret)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		PyObject *item = PyUnicode_FromString(list[i]);
		if (!item)
			return NULL;
		PyTuple_SET_ITEM(ret, i, item);
	}
	if (do_work() < 0)
		return NULL;
	return_ptr(ret);
}

#define DEFINE_LISTER(name)						\
static PyObject *list_##name(size_t count)				\
{									\
	_cleanup_pydecref_ PyObject *res = PyList_New(count);		\
	if (!res)							\
		return NULL;						\
	for (size_t i = 0; i < count; i++) {				\
		PyObject *v = PyLong_FromSize_t(i);			\
		if (!v)							\
			return NULL;					\
		PyList_SET_ITEM(res, i, v);				\
	}								\
	return_ptr(res);						\
}
DEFINE_LISTER(numbers)

PyObject *use_lister(void)
{
	return list_numbers(3);
}

int inner_block_and_break(PyObject *seq)
{
	static PyObject *cached;
	for (int i = 0; i < 3; i++) {
		__attribute__((cleanup(pydecrefp))) PyObject *item =
			PySequence_GetItem(seq, i);
		if (!item)
			break;
		if (PyObject_IsTrue(item) > 0)
			continue;
	}
	if (!cached) {
		_cleanup_pydecref_ PyObject *mod = PyImport_ImportModule("os");
		if (!mod)
			return -1;
		cached = PyObject_GetAttrString(mod, "getcwd");
	}
	return 0;
}

int goto_out_of_block(PyObject *o)
{
	int ret = -1;
	{
		_cleanup_pydecref_ PyObject *s = PyObject_Str(o);
		if (!s)
			goto out;
		if (PyObject_Size(s) == 0)
			goto out;
		ret = 0;
	}
out:
	return ret;
}

void callback_from_c(PyObject *cb)
{
	PyGILState_guard();
	_cleanup_pydecref_ PyObject *r = PyObject_CallNoArgs(cb);
	if (!r)
		PyErr_Print();
}

// The same cleanup called by hand: a function that reads an object
// through its pointer parameter may change it; the caller no longer
// follows what it passed.
PyObject *explicit_cleanup_call(void)
{
	PyObject *parts = PyList_New(0);
	if (!parts)
		return NULL;
	PyObject *n = PyLong_FromSsize_t(PyList_GET_SIZE(parts));
	pydecrefp(&parts);
	return n;
}
