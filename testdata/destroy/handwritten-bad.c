// Destroy-callback hand-offs without a rules entry (issue #30), wrong: a
// library's setter declared with a `void *` followed by a destroy
// function's parameter, and the project's own setter that keeps the pair
// in a struct, take the pointer when the function given releases it.
#include <Python.h>
#include "holder.h"

static void release_object(void *data)
{
	Py_DECREF((PyObject *)data);
}

int lib_set_then_release(lib_ctx *ctx, long n)
{
	PyObject *v = PyLong_FromLong(n);
	if (v == NULL)
		return -1;
	lib_set(ctx, v, release_object);
	Py_DECREF(v); // expect-error[MOJO-OWN-102] {{new reference 'v' from 'PyLong_FromLong' is released by 'Py_DECREF' after its reference was stolen}}
	return 0;
}

int lib_set_without_destroy(lib_ctx *ctx, long n)
{
	PyObject *v = PyLong_FromLong(n);
	if (v == NULL)
		return -1;
	lib_set(ctx, v, NULL);
	return 0; // expect-warning[MOJO-OWN-101] {{new reference 'v' from 'PyLong_FromLong' is never released}}
}

int hold_then_release(holder *h, long n)
{
	PyObject *v = PyLong_FromLong(n);
	if (v == NULL)
		return -1;
	holder_set(h, v, release_object);
	Py_DECREF(v); // expect-error[MOJO-OWN-102] {{new reference 'v' from 'PyLong_FromLong' is released by 'Py_DECREF' after its reference was stolen}}
	return 0;
}

int hold_without_destroy(holder *h, long n)
{
	PyObject *v = PyLong_FromLong(n);
	if (v == NULL)
		return -1;
	holder_set(h, v, NULL);
	return 0; // expect-warning[MOJO-OWN-101] {{new reference 'v' from 'PyLong_FromLong' is never released}}
}

// The destroy function is a field of the caller's: not named at the call,
// so what it does is not known.
int hold_with_field_destroy(holder *h, holder *model, long n)
{
	PyObject *v = PyLong_FromLong(n);
	if (v == NULL)
		return -1;
	holder_set(h, v, model->free_data);
	Py_DECREF(v); // expect-error[MOJO-OWN-102] {{after its reference was stolen}} xfail(#30): a destroy function read from memory is not followed to the function stored there
	return 0;
}

// The registration of handwritten-good.c, whose failure is not handled:
// the reference taken for the library is lost where it failed.
int lib_register_callback(void (*cb)(void *), void *opaque,
			  void (*freecb)(void *));

static void on_event(void *opaque)
{
	(void)opaque;
}

int lib_watch(PyObject *data)
{
	Py_INCREF(data);
	int ret = lib_register_callback(on_event, data, release_object);
	if (ret < 0)
		return -1; // expect-warning[MOJO-OWN-105] {{an extra reference to 'data' (taken by 'Py_INCREF') is leaked on the error exit}}
	return 0;
}
