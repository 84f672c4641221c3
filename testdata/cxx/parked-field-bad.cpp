// As parked-field-good.cpp, but the field keeps the pointer after the
// call: the member is taken to steal its argument (it keeps it), and the
// caller hands it a reference it only borrowed.
#include <Python.h>

extern int step(void);

struct Emu {
	PyObject *run_dispatcher = nullptr;
	int run(PyObject *dispatcher)
	{
		run_dispatcher = dispatcher;
		return step();
	}
};

static Emu emu;

PyObject *py_run(PyObject *self, PyObject *args)
{
	PyObject *dispatcher;
	if (!PyArg_ParseTuple(args, "O", &dispatcher))
		return NULL;
	int ev = emu.run(dispatcher); // expect-error[MOJO-OWN-106] {{borrowed reference 'dispatcher' from 'PyArg_ParseTuple' is passed to 'Emu::run', which steals a reference this function does not own}}
	return PyLong_FromLong(ev);
}
