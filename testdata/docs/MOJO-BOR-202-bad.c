#include <Python.h>

struct config {
	PyObject *handler;
};

int config_load(struct config *cfg, PyObject *dict)
{
	PyObject *h = PyDict_GetItemString(dict, "handler");
	if (h == NULL)
		return -1;
	cfg->handler = h; // expect-warning[MOJO-BOR-202] {{h}}
	return 0;
}
