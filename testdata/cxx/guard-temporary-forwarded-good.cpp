// A temporary owner given by rvalue reference to a function not followed
// (csp's `engine->createOwnedObject<Adapter>(PyObjectPtr::own(p))`, C++
// round 101): the callee may move the handle out, as the adapter's
// constructor does, and the temporary's destructor then releases nothing.
// The object is not released here, and its use after the call is none of
// a freed one.
// expect-no-diagnostics
#include <Python.h>
#include <stdexcept>
#include "include-elsewhere/engine.hpp"

class Ref {
public:
	Ref(Ref &&o) : p_(o.p_) { o.p_ = nullptr; }
	~Ref() { Py_XDECREF(p_); }
	static Ref own(PyObject *o) { return Ref(o); }

private:
	explicit Ref(PyObject *o) : p_(o) {}
	PyObject *p_;
};

struct Adapter : Owned {
	Adapter(Engine *, Ref py) : m_py(std::move(py)) {}
	Ref m_py;
};

typedef struct {
	PyObject_HEAD
	Adapter *adapter;
} AdapterObject;

Adapter *make(Engine *engine, PyObject *type, PyObject *args)
{
	AdapterObject *self = (AdapterObject *)PyObject_Call(type, args, nullptr);
	if (!self)
		throw std::runtime_error("call failed");
	self->adapter = engine->createOwnedObject<Adapter>(Ref::own((PyObject *)self));
	return self->adapter;
}
