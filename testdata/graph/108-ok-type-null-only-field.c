// A field the teardown releases but no code ever gives a value (pygit2's
// `Repository.index`, only ever set to NULL), with no member table
// through which Python code could assign it: it holds nothing, so it
// closes no cycle.
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *index; // never assigned anything but NULL
	long n;
} RepoObject;

static int Repo_init(PyObject *self, PyObject *args, PyObject *kwds)
{
	(void)args;
	(void)kwds;
	((RepoObject *)self)->index = NULL;
	((RepoObject *)self)->n = 0;
	return 0;
}

static void Repo_dealloc(PyObject *self)
{
	Py_CLEAR(((RepoObject *)self)->index);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject RepoType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "r.Repo",
	.tp_basicsize = sizeof(RepoObject),
	.tp_dealloc = Repo_dealloc,
	.tp_init = Repo_init,
	.tp_flags = Py_TPFLAGS_DEFAULT,
};
