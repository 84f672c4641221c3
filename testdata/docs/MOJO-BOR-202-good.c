#include <Python.h>

struct config {
	PyObject *handler; // owned: released by config_clear()
};

int config_load(struct config *cfg, PyObject *dict)
{
	PyObject *h = PyDict_GetItemString(dict, "handler");
	if (h == NULL)
		return -1;
	cfg->handler = Py_NewRef(h);
	return 0;
}

void config_clear(struct config *cfg)
{
	Py_CLEAR(cfg->handler);
}
// expect-no-diagnostics
