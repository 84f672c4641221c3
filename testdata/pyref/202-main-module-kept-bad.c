// Any other module borrowed from sys.modules may be dropped from it (a
// reload, `del sys.modules[name]`): kept without a reference, it may
// dangle.
#include <Python.h>

typedef struct {
	PyObject *plugin;
} server;

int server_load(server *srv)
{
	srv->plugin = PyImport_AddModule("plugin"); // expect-warning[MOJO-BOR-202] {{borrowed reference from 'PyImport_AddModule' is stored without taking a reference (missing Py_INCREF or Py_NewRef)}}
	return srv->plugin ? 0 : -1;
}
