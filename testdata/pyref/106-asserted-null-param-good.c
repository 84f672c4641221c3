// A helper that asserts its parameter is NULL releases nothing: a path on
// which it is not NULL aborts, and a NULL has nothing to release
// (python-systemd's Monitor_close, called from __exit__).
// expect-no-diagnostics
#include <Python.h>
#include <assert.h>

typedef struct {
	PyObject_HEAD
	void *monitor;
} Monitor;

void lib_monitor_unref(void *m);

static PyObject *Monitor_close(Monitor *self, PyObject *args)
{
	assert(!args);
	lib_monitor_unref(self->monitor);
	self->monitor = NULL;
	Py_RETURN_NONE;
}

PyObject *Monitor_exit(Monitor *self, PyObject *args)
{
	return Monitor_close(self, args);
}
