// An operator that throws only on some paths returns on the others: the
// holder's NULL check then lets a NULL through (a real crash when the
// import fails and logging is quiet).
#include <Python.h>

struct Fatal {
	const char *msg;
};
struct Log {
	bool quiet;
};
struct LogFatalVoidify {
	void operator&&(Log &log)
	{
		if (log.quiet)
			return;
		throw Fatal{"fatal"};
	}
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
	PyObjHolder proto(PyObject_GetAttrString(pickle.obj, "HIGHEST_PROTOCOL"), log); // expect-warning[MOJO-OWN-109] {{new reference 'pickle.obj' from 'PyImport_ImportModule' is NULL on this path and is passed to 'PyObject_GetAttrString', which does not accept NULL}}
	return proto.obj ? PyLong_AsLong(proto.obj) : -1;
}

// A virtual method whose base body throws is one of its overrides: a call
// of it may return (frepple's `Object::getType()`).
struct Model {
	virtual long kind() const { throw Fatal{"no type registered"}; }
};

long kind_of(const Model &m, PyObject *name)
{
	PyObject *u = PyUnicode_AsUTF8String(name);
	long k = m.kind(); // expect-warning[MOJO-OWN-105] {{new reference 'u' from 'PyUnicode_AsUTF8String' is leaked when the exception leaves 'kind_of'}}
	const char *s = PyBytes_AsString(u); // expect-warning[MOJO-OWN-109] {{new reference 'u' from 'PyUnicode_AsUTF8String' is passed to 'PyBytes_AsString' before it is checked for NULL}}
	k += s[0];
	Py_DECREF(u);
	return k;
}
