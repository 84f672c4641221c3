// An owner base class whose constructor and destructor are defined in
// another file, and a thin subclass whose inline constructor hands its
// argument to the base's (signalblocks' SafePythonObject and its plugins'
// Object, C++ round 100).
#pragma once
#include <Python.h>

class SafeObject {
protected:
	explicit SafeObject(PyObject *p); // takes the new reference over
public:
	virtual ~SafeObject();
	SafeObject(const SafeObject &o);

protected:
	PyObject *GetPyObject();

private:
	PyObject *p_;
};

class Object : public SafeObject {
public:
	Object(PyObject *p) : SafeObject(p) {}
	PyObject *Get() { return GetPyObject(); }
};
