// Destroy-callback hand-offs without a rules entry (issue #30), correct:
// the pointer handed over with a function that releases it is no longer
// the caller's; a callback that only uses its pointer is no destroy
// function, and the pointer it is given stays the caller's.
// expect-no-diagnostics
#include <Python.h>
#include "holder.h"

// The function comes first: no data-then-destroy pair.
void lib_run(lib_ctx *ctx, void (*run)(void *), void *data);

static void release_object(void *data)
{
	Py_DECREF((PyObject *)data);
}

static void print_object(void *data)
{
	PyObject *r = PyObject_Repr((PyObject *)data);
	Py_XDECREF(r);
}

int lib_attach(lib_ctx *ctx, long n)
{
	PyObject *v = PyLong_FromLong(n);
	if (v == NULL)
		return -1;
	lib_set(ctx, v, release_object);
	return 0;
}

// Handed to a callback that only reads it: as any `void *` given to a
// library the tool does not know, it may be kept there.
int lib_attach_reader(lib_ctx *ctx, long n)
{
	PyObject *v = PyLong_FromLong(n);
	if (v == NULL)
		return -1;
	lib_set(ctx, v, print_object);
	return 0;
}

int lib_run_once(lib_ctx *ctx, PyObject *arg)
{
	Py_INCREF(arg);
	lib_run(ctx, release_object, arg);
	return 0;
}

int hold(holder *h, long n)
{
	PyObject *v = PyLong_FromLong(n);
	if (v == NULL)
		return -1;
	holder_set(h, v, release_object);
	return 0;
}

// Held without a destructor while this function uses it, then released.
int hold_briefly(holder *h, long n)
{
	PyObject *v = PyLong_FromLong(n);
	if (v == NULL)
		return -1;
	holder_set(h, v, NULL);
	holder_set(h, NULL, NULL);
	Py_DECREF(v);
	return 0;
}

// A library registration that returns a status keeps the data and its
// destroy function only when it succeeds (libvirt's
// virConnectDomainEventRegisterAny(.., opaque, freecb)): where it failed,
// the reference is still the caller's to give back.
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
		Py_DECREF(data);
	return ret;
}

// Its status not looked at: the call is taken to have kept the pair.
void lib_watch_blindly(PyObject *data)
{
	Py_INCREF(data);
	lib_register_callback(on_event, data, release_object);
}
