// A borrowed pointer parked in a field of the object for the time of a
// call, the field cleared before the call returns (zx's `Emu::run`:
// `run_dispatcher = dispatcher; .. run_dispatcher = nullptr;`): the object
// keeps nothing, so the store takes no reference (no MOJO-BOR-202) and the
// member steals nothing from its callers (no MOJO-OWN-106 at the call).
// expect-no-diagnostics
#include <Python.h>

extern int step(void);

struct Emu {
	PyObject *run_dispatcher = nullptr;
	int run(PyObject *dispatcher)
	{
		run_dispatcher = dispatcher;
		int ev = step();
		run_dispatcher = nullptr;
		return ev;
	}
};

static Emu emu;

PyObject *py_run(PyObject *self, PyObject *args)
{
	PyObject *dispatcher;
	if (!PyArg_ParseTuple(args, "O", &dispatcher))
		return NULL;
	int ev = emu.run(dispatcher);
	return PyLong_FromLong(ev);
}
