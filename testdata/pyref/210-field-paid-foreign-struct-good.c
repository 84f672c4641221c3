/* A borrowed callback stored into a struct of memory from an allocator
 * the knowledge base does not know, the store paid for by a Py_INCREF
 * through the field, and on the failure exit the reference given back
 * through the local (or the field) before the struct is freed
 * (aws-crt-python's publish and subscribe bindings): the function owned
 * what it released. */
#include <Python.h>

struct completion {
	PyObject *callback;
	int qos;
};

void *arena_calloc(void *arena, size_t n, size_t size);
void arena_release(void *arena, void *p);
void *default_arena(void);
int native_publish(struct completion *done);
int qos_of(PyObject *o);

static PyObject *publish(PyObject *self, PyObject *args)
{
	PyObject *callback, *qos;
	if (!PyArg_ParseTuple(args, "OO", &callback, &qos))
		return NULL;
	struct completion *done = (struct completion *)
		arena_calloc(default_arena(), 1, sizeof *done);
	if (!done)
		return PyErr_NoMemory();
	done->callback = callback;
	done->qos = qos_of(qos);
	Py_INCREF(done->callback);
	if (native_publish(done) != 0) {
		Py_XDECREF(callback);
		arena_release(default_arena(), done);
		PyErr_SetString(PyExc_RuntimeError, "publish failed");
		return NULL;
	}
	Py_RETURN_NONE;
}

static PyObject *subscribe(PyObject *self, PyObject *args)
{
	PyObject *callback;
	if (!PyArg_ParseTuple(args, "O", &callback))
		return NULL;
	struct completion *done = (struct completion *)
		arena_calloc(default_arena(), 1, sizeof *done);
	if (!done)
		return PyErr_NoMemory();
	done->callback = callback;
	Py_INCREF(callback);
	if (native_publish(done) != 0) {
		Py_DECREF(done->callback);
		arena_release(default_arena(), done);
		return NULL;
	}
	Py_RETURN_NONE;
}

/* expect-no-diagnostics */
