// Destroy-callback hand-offs to GLib (issue #30), correct: the reference
// handed over with a function that releases it is the library's; the
// destroy function itself releases what it was given.
// expect-no-diagnostics
#include <Python.h>
#include "glib-decls.h"

static void release_object(gpointer data)
{
	PyGILState_STATE state = PyGILState_Ensure();
	Py_DECREF((PyObject *)data);
	PyGILState_Release(state);
}

// A destroy function of external linkage taking the object itself, cast
// to GDestroyNotify where it is handed over: it owns its parameter.
void release_callback(PyObject *callback)
{
	Py_XDECREF(callback);
}

// A closure's notifier: called with the data and the closure.
static void release_closure_data(gpointer data, GClosure *closure)
{
	(void)closure;
	Py_DECREF((PyObject *)data);
}

// Defined elsewhere: what it does with its pointer is not known.
void foreign_release(gpointer data);

static void on_signal(GObject *gobj, gpointer data)
{
	(void)gobj;
	(void)data;
}

static gboolean on_idle(gpointer data)
{
	return PyObject_IsTrue((PyObject *)data) > 0;
}

int attach(GObject *gobj, long n)
{
	PyObject *v = PyLong_FromLong(n);
	if (v == NULL)
		return -1;
	g_object_set_data_full(gobj, "ownlint-value", v, release_object);
	return 0;
}

void attach_callback(GObject *gobj, GQuark q, PyObject *callback)
{
	Py_INCREF(callback);
	g_object_set_qdata_full(gobj, q, callback,
				(GDestroyNotify)release_callback);
}

guint schedule(PyObject *callback)
{
	Py_INCREF(callback);
	return g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, on_idle, callback,
			       release_object);
}

gulong connect_with_destroy(GObject *gobj, PyObject *callback)
{
	Py_INCREF(callback);
	return g_signal_connect_data(gobj, "notify", G_CALLBACK(on_signal),
				     callback, release_closure_data,
				     G_CONNECT_DEFAULT);
}

// No destroy function, but a handler given the data: what it does with it
// is the handler's business (g_signal_connect is a macro over
// g_signal_connect_data with NULL).
gulong connect_without_destroy(GObject *gobj, long n)
{
	PyObject *v = PyLong_FromLong(n);
	if (v == NULL)
		return 0;
	return g_signal_connect(gobj, "notify", G_CALLBACK(on_signal), v);
}

// A destroy function of another file: the library may keep the reference;
// the tool says nothing of a release afterwards.
void attach_foreign(GObject *gobj, long n)
{
	PyObject *v = PyLong_FromLong(n);
	if (v == NULL)
		return;
	g_object_set_data_full(gobj, "ownlint-value", v, foreign_release);
}

// GBytes calls its free function with user_data, not with the bytes.
GBytes *bytes_of(PyObject *owner, const char *buf, gsize n)
{
	Py_INCREF(owner);
	return g_bytes_new_with_free_func(buf, n, release_object, owner);
}

// Kept without a destroy function, and released by the caller itself.
int attach_borrowed_copy(GObject *gobj, long n)
{
	PyObject *v = PyLong_FromLong(n);
	if (v == NULL)
		return -1;
	g_object_set_data_full(gobj, "ownlint-value", v, NULL);
	g_object_set_data_full(gobj, "ownlint-value", NULL, NULL);
	Py_DECREF(v);
	return 0;
}
