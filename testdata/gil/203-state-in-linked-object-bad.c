/* As 203-state-in-linked-object-good.c, but one exit returns before the
 * GIL is taken back. */
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
	if (rc)
		Py_RETURN_NONE; // expect-error[MOJO-BOR-203] {{'_Py_NewRef' is called while the GIL is released}}
	END_ALLOW(self->connection);
	return PyLong_FromLong(rc);
}
