// A temporary whose destructor never returns ends the path at the end of
// its statement: glog's CHECK(cond) is `if (!(cond)) LogMessageFatal(..)
// << ..`, and LogMessageFatal's destructor (defined in another file,
// declared noreturn) aborts. Reduced from sling's logging.h and
// pytask.cc (PyProcessor::Run).
#include <Python.h>

class LogMessage {
public:
	LogMessage(const char *file, int line);
	~LogMessage();
	LogMessage &operator<<(const char *s);
};

class LogMessageFatal : public LogMessage {
public:
	LogMessageFatal(const char *file, int line);
	__attribute__((noreturn)) ~LogMessageFatal();
};

#define CHECK(condition)                                                  \
	if (__builtin_expect(!(condition), 0))                           \
	LogMessageFatal(__FILE__, __LINE__) << "Check failed: " #condition " "

void Run(PyObject *cls)
{
	PyObject *proc = PyObject_CallObject(cls, nullptr);
	CHECK(proc != nullptr);
	PyObject *ret = PyObject_CallMethod(proc, "run", nullptr);
	Py_XDECREF(ret);
	Py_DECREF(proc);
}
// expect-no-diagnostics
