// Destroy-callback hand-offs to libdbus (issue #30), wrong: the data
// handed over with a DBusFreeFunction that releases it is libdbus's once
// the call succeeds; without one, or when the call fails (out of memory),
// it is still the caller's.
#include <Python.h>
#include "dbus-decls.h"

static void release_object(void *data)
{
	Py_DECREF((PyObject *)data);
}

static DBusHandlerResult filter(DBusConnection *connection,
				DBusMessage *message, void *user_data)
{
	(void)connection;
	(void)message;
	(void)user_data;
	return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
}

int set_without_free(DBusConnection *conn, dbus_int32_t slot, long n)
{
	PyObject *v = PyLong_FromLong(n);
	if (v == NULL)
		return -1;
	if (!dbus_connection_set_data(conn, slot, v, NULL))
		return -1; // expect-warning[MOJO-OWN-105] {{new reference 'v' from 'PyLong_FromLong' is leaked on error and normal exits (and 1 more site with the same cause)}}
	return 0;
}

int set_then_release(DBusMessage *msg, dbus_int32_t slot, long n)
{
	PyObject *v = PyLong_FromLong(n);
	if (v == NULL)
		return -1;
	if (!dbus_message_set_data(msg, slot, v, release_object)) {
		Py_DECREF(v);
		return -1;
	}
	Py_DECREF(v); // expect-error[MOJO-OWN-102] {{new reference 'v' from 'PyLong_FromLong' is released by 'Py_DECREF' after its reference was stolen}}
	return 0;
}

// Out of memory, libdbus keeps neither the data nor its free function.
int filter_leaked_on_failure(DBusConnection *conn, PyObject *handler)
{
	Py_INCREF(handler);
	if (!dbus_connection_add_filter(conn, filter, handler, release_object))
		return -1; // expect-warning[MOJO-OWN-105] {{an extra reference to 'handler' (taken by 'Py_INCREF') is leaked on the error exit}}
	return 0;
}

// The result never tested: when the call fails, nothing releases it.
void notify_unchecked(DBusPendingCall *pending, PyObject *callback,
		      DBusPendingCallNotifyFunction on_reply)
{
	Py_INCREF(callback);
	dbus_pending_call_set_notify(pending, on_reply, callback, release_object); // expect-warning[MOJO-OWN-101] {{is leaked when 'dbus_pending_call_set_notify' fails: it steals the reference only on success, and its result is never checked}}
}
