// A temporary whose destructor returns ends nothing: past a logging
// statement that only warns, the path goes on (to a leak).
#include <Python.h>

class LogMessage {
public:
	LogMessage(const char *file, int line);
	~LogMessage();
	LogMessage &operator<<(const char *s);
};

#define WARN_IF(condition)                                                \
	if (condition)                                                    \
	LogMessage(__FILE__, __LINE__) << "warning: " #condition " "

int verbose(void);

void Run(PyObject *cls)
{
	PyObject *proc = PyObject_CallObject(cls, nullptr);
	if (proc == nullptr)
		return;
	WARN_IF(verbose());
} // expect-warning[MOJO-OWN-101] {{new reference 'proc' from 'PyObject_CallObject' is never released}}
