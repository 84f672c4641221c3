// A member function that returns (no noreturn attribute, whatever its
// name: `exit` and `abort` as method names are no proof): the error exit
// after it is reached, and the module leaked there is reported.
#include <Python.h>

class Logger {
public:
	Logger(const char *file, int line) : file_(file), line_(line) {}
	void fatal(const char *msg, ...) const noexcept;
	void abort() const noexcept;

private:
	const char *file_;
	int line_;
};

static PyTypeObject MyType = {PyVarObject_HEAD_INIT(NULL, 0) "m.T"};
static struct PyModuleDef mdef = {PyModuleDef_HEAD_INIT, "m", NULL, -1, NULL};

extern "C" PyObject *PyInit_m(void)
{
	PyObject *m = PyModule_Create(&mdef);
	if (!m)
		return NULL;
	if (PyType_Ready(&MyType) < 0) {
		Logger(__FILE__, __LINE__).fatal("Could not initialize type");
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'm' from 'PyModule_Create2' is leaked on the error exit}}
	}
	return m;
}

extern "C" PyObject *PyInit_n(void)
{
	PyObject *m = PyModule_Create(&mdef);
	if (!m)
		return NULL;
	if (PyType_Ready(&MyType) < 0) {
		Logger(__FILE__, __LINE__).abort();
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'm' from 'PyModule_Create2' is leaked on the error exit}}
	}
	return m;
}
