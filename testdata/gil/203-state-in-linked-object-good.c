/* The thread state kept in a field of an object reached through another
 * (a cursor's connection, mariadb-connector-python's
 * BEGIN/END_ALLOW_THREADS): a call made while the GIL is released does
 * not make the pointer to the connection another one, so the test of
 * the saved state, never NULL, takes the GIL back. */
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyThreadState *thread_state;
	void *db;
} Connection;

typedef struct {
	PyObject_HEAD
	Connection *connection;
} Cursor;

#define BEGIN_ALLOW(o) { (o)->thread_state = PyEval_SaveThread(); }
#define END_ALLOW(o) if ((o)->thread_state) { \
	PyEval_RestoreThread((o)->thread_state); (o)->thread_state = NULL; }

int next_result(void *db);

PyObject *cursor_nextset(Cursor *self)
{
	int rc;
	BEGIN_ALLOW(self->connection);
	rc = next_result(self->connection->db);
	END_ALLOW(self->connection);
	if (rc)
		Py_RETURN_NONE;
	return PyLong_FromLong(rc);
}
