// The field goes to the library's own destructor, which the analyzer does
// not know: a value handed to any call in the teardown counts as released.
#include <Python.h>

struct engine;
struct engine *engine_open(const char *path);
void engine_close(struct engine *e);

typedef struct {
	PyObject_HEAD
	char *path;
} DbObject;

static int Db_init(PyObject *self, PyObject *args, PyObject *kwds)
{
	char *p = PyMem_Malloc(16);
	(void)args;
	(void)kwds;
	if (p == NULL)
		return -1;
	PyMem_Free(((DbObject *)self)->path);
	((DbObject *)self)->path = p;
	return 0;
}

void db_forget(char *path);

static void Db_dealloc(PyObject *self)
{
	db_forget(((DbObject *)self)->path);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject DbType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Db",
	.tp_basicsize = sizeof(DbObject),
	.tp_dealloc = Db_dealloc,
	.tp_init = Db_init,
};
// expect-no-diagnostics
