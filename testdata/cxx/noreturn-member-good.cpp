// A member function declared never to return, called on a temporary
// (Qt's qFatal(..), which is `QMessageLogger(..).fatal(..)` declared
// Q_NORETURN): the error exit after it cannot be reached, and the module
// is not leaked there. A library's macro for the attribute is named so.
// expect-no-diagnostics
#include <Python.h>

#define MY_NORETURN [[noreturn]]

class Logger {
public:
	Logger(const char *file, int line) : file_(file), line_(line) {}
	MY_NORETURN void fatal(const char *msg, ...) const noexcept;

private:
	const char *file_;
	int line_;
};
#define myFatal Logger(__FILE__, __LINE__).fatal

static PyTypeObject MyType = {PyVarObject_HEAD_INIT(NULL, 0) "m.T"};
static struct PyModuleDef mdef = {PyModuleDef_HEAD_INIT, "m", NULL, -1, NULL};

extern "C" PyObject *PyInit_m(void)
{
	PyObject *m = PyModule_Create(&mdef);
	if (!m)
		return NULL;
	if (PyType_Ready(&MyType) < 0) {
		myFatal("Could not initialize type");
		return NULL;
	}
	Py_INCREF(&MyType);
	if (PyModule_AddObject(m, "T", (PyObject *)&MyType) < 0) {
		Py_DECREF(&MyType);
		Py_DECREF(m);
		return NULL;
	}
	return m;
}
