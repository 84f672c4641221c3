// Destroy-callback hand-offs to libdbus (issue #30), correct: when the
// call succeeds the DBusFreeFunction releases the data; when it fails
// (out of memory) the caller does.
// expect-no-diagnostics
#include <Python.h>
#include "dbus-decls.h"

static void release_object(void *data)
{
	PyGILState_STATE state = PyGILState_Ensure();
	Py_XDECREF((PyObject *)data);
	PyGILState_Release(state);
}

static DBusHandlerResult filter(DBusConnection *connection,
				DBusMessage *message, void *user_data)
{
	(void)connection;
	(void)message;
	(void)user_data;
	return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
}

static void on_reply(DBusPendingCall *pending, void *user_data)
{
	(void)pending;
	PyObject *r = PyObject_CallNoArgs((PyObject *)user_data);
	Py_XDECREF(r);
}

int set_data(DBusConnection *conn, dbus_int32_t slot, long n)
{
	PyObject *v = PyLong_FromLong(n);
	if (v == NULL)
		return -1;
	if (!dbus_connection_set_data(conn, slot, v, release_object)) {
		Py_DECREF(v);
		PyErr_NoMemory();
		return -1;
	}
	return 0;
}

int add_filter(DBusConnection *conn, PyObject *handler)
{
	Py_INCREF(handler);
	if (!dbus_connection_add_filter(conn, filter, handler,
					release_object)) {
		Py_DECREF(handler);
		return -1;
	}
	return 0;
}

int notify(DBusPendingCall *pending, PyObject *callback)
{
	Py_INCREF(callback);
	if (!dbus_pending_call_set_notify(pending, on_reply, callback,
					  release_object)) {
		Py_DECREF(callback);
		return -1;
	}
	return 0;
}

// Without a free function: the caller keeps the reference and releases
// it after clearing the slot.
int set_data_briefly(DBusMessage *msg, dbus_int32_t slot, long n)
{
	PyObject *v = PyLong_FromLong(n);
	if (v == NULL)
		return -1;
	dbus_bool_t ok = dbus_message_set_data(msg, slot, v, NULL);
	dbus_message_set_data(msg, slot, NULL, NULL);
	Py_DECREF(v);
	return ok ? 0 : -1;
}
