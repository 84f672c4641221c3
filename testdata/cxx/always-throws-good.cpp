// A member operator whose body ends with a `throw` that nothing returns
// before never returns (jittor's LOGf: `LogFatalVoidify() && Log() <<
// ..`): a holder's constructor that calls it on NULL lets no NULL
// through.
#include <Python.h>

struct Fatal {
	const char *msg;
};
struct Log {
	const char *text;
};
struct LogFatalVoidify {
	void operator&&(Log &log) { throw Fatal{log.text}; }
};

struct PyObjHolder {
	PyObject *obj;
	PyObjHolder(PyObject *o, Log &log) : obj(o)
	{
		if (!o)
			LogFatalVoidify() && log;
	}
	~PyObjHolder()
	{
		if (obj)
			Py_DECREF(obj);
	}
};

long pickle_protocol(Log &log)
{
	PyObjHolder pickle(PyImport_ImportModule("pickle"), log);
	PyObjHolder proto(PyObject_GetAttrString(pickle.obj, "HIGHEST_PROTOCOL"), log);
	return PyLong_AsLong(proto.obj);
}
// expect-no-diagnostics
