// A field's default member initializer is applied by every constructor
// that does not name the field, and by the compiler's default one: a
// guard made again in each turn of a loop starts from NULL, not from the
// value of the last turn. Reduced from dd-trace-py's _threads.cpp
// (AllowThreads, PyThreadState *_ts{nullptr}).
#include <Python.h>

class AllowThreads {
public:
	explicit AllowThreads(int on) : _on(on)
	{
		if (_on)
			_ts = PyEval_SaveThread();
	}
	~AllowThreads()
	{
		if (_ts != nullptr)
			PyEval_RestoreThread(_ts);
	}

private:
	int _on;
	PyThreadState *_ts{nullptr};
};

struct Held {
	PyObject *o = nullptr;
	~Held() { Py_XDECREF(o); }
};

int wanted(void);

void worker_loop(PyObject *target)
{
	for (int i = 0; i < 10; i++) {
		{
			AllowThreads unlocked(wanted());
		}
		PyObject *result = PyObject_CallNoArgs(target);
		Py_XDECREF(result);
	}
}

void fill_loop(PyObject *target)
{
	for (int i = 0; i < 10; i++) {
		Held h;
		if (wanted())
			h.o = PyObject_CallNoArgs(target);
	}
}
// expect-no-diagnostics
