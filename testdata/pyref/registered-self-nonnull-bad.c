// A helper nobody registers may be called with NULL: the leak on that
// branch is a leak.
#include <Python.h>

static void raise_with_string(PyObject *msg)
{
	PyErr_SetObject(PyExc_RuntimeError, msg);
}

typedef struct {
	PyObject_HEAD
	int connected;
} Conn;

PyObject *conn_insert_id(Conn *conn)
{
	if (conn == NULL) {
		raise_with_string(PyUnicode_FromString("no session")); // expect-warning[MOJO-OWN-105] {{new reference from 'PyUnicode_FromString' is leaked on the error path: its last handle is lost here}}
		return NULL;
	}
	return PyLong_FromLong(conn->connected);
}
