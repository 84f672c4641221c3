// Holders whose constructors are defined in ref.cpp (cxx-eval7 cause A).
#include <Python.h>

// Takes the reference over when `consume` is true, else takes its own.
class Ref {
public:
	explicit Ref(PyObject *obj = 0, bool consume = false);
	~Ref();
	PyObject *borrow() const { return o; }
	explicit operator bool() const { return o != 0; }

private:
	PyObject *o;
};

// Always takes a reference of its own.
class View {
public:
	explicit View(PyObject *obj);
	~View();

private:
	PyObject *o;
};
