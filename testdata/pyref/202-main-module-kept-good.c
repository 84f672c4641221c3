// An embedding application keeps the interpreter's main module, borrowed
// from `PyImport_AddModule("__main__")`: sys.modules keeps it for the
// interpreter's whole life (cantor's `m_main`).
#include <Python.h>

typedef struct {
	PyObject *main_module;
} server;

int server_login(server *srv)
{
	srv->main_module = PyImport_AddModule("__main__");
	return srv->main_module ? 0 : -1;
}
// expect-no-diagnostics
