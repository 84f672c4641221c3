// Destroy-callback hand-offs to GLib (issue #30), wrong: a reference
// handed over with a function that releases it is the library's, and one
// handed over without such a function is still the caller's to release.
#include <Python.h>
#include "glib-decls.h"

static void release_object(gpointer data)
{
	Py_DECREF((PyObject *)data);
}

// A callback with a destroy function's type that only looks at its
// pointer: it releases nothing.
static void forget_object(gpointer data)
{
	(void)data;
}

static gboolean on_idle(gpointer data)
{
	return PyObject_IsTrue((PyObject *)data) > 0;
}

int attach_without_destroy(GObject *gobj, long n)
{
	PyObject *v = PyLong_FromLong(n);
	if (v == NULL)
		return -1;
	g_object_set_data_full(gobj, "ownlint-value", v, NULL);
	return 0; // expect-warning[MOJO-OWN-101] {{new reference 'v' from 'PyLong_FromLong' is never released}}
}

int attach_then_release(GObject *gobj, long n)
{
	PyObject *v = PyLong_FromLong(n);
	if (v == NULL)
		return -1;
	g_object_set_data_full(gobj, "ownlint-value", v, release_object);
	Py_DECREF(v); // expect-error[MOJO-OWN-102] {{new reference 'v' from 'PyLong_FromLong' is released by 'Py_DECREF' after its reference was stolen}}
	return 0;
}

int attach_quark_then_release(GObject *gobj, GQuark q, long n)
{
	PyObject *v = PyLong_FromLong(n);
	if (v == NULL)
		return -1;
	g_object_set_qdata_full(gobj, q, v, (GDestroyNotify)Py_DecRef);
	Py_DECREF(v); // expect-error[MOJO-OWN-102] {{new reference 'v' from 'PyLong_FromLong' is released by 'Py_DECREF' after its reference was stolen}}
	return 0;
}

int attach_to_forgetful_destroy(GObject *gobj, long n)
{
	PyObject *v = PyLong_FromLong(n);
	if (v == NULL)
		return -1;
	g_object_set_data_full(gobj, "ownlint-value", v, forget_object);
	return 0; // expect-warning[MOJO-OWN-101] {{new reference 'v' from 'PyLong_FromLong' is never released}}
}

guint schedule_then_release(PyObject *callback)
{
	Py_INCREF(callback);
	guint id = g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, on_idle, callback,
				   release_object);
	Py_DECREF(callback); // expect-error[MOJO-OWN-102] {{after its reference was stolen}}
	return id;
}

// A borrowed reference handed over: the destroy function will release a
// reference nobody gave it.
PyObject *attach_first_item(GObject *gobj, PyObject *list)
{
	PyObject *item = PyList_GetItem(list, 0);
	if (item == NULL)
		return NULL;
	g_object_set_data_full(gobj, "ownlint-item", item, release_object); // expect-error[MOJO-OWN-106] {{borrowed reference 'item' from 'PyList_GetItem' is passed to 'g_object_set_data_full', which steals a reference this function does not own}}
	Py_RETURN_NONE;
}
