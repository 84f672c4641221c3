// As guard-temporary-forwarded-good.cpp, but the temporary owner is given
// by const reference: the callee cannot take its handle, the temporary's
// destructor releases the only reference at the statement's end, and the
// object is used after.
#include <Python.h>
#include <stdexcept>

class Ref {
public:
	Ref(Ref &&o) : p_(o.p_) { o.p_ = nullptr; }
	~Ref() { Py_XDECREF(p_); }
	static Ref own(PyObject *o) { return Ref(o); }

private:
	explicit Ref(PyObject *o) : p_(o) {}
	PyObject *p_;
};

void inspect(const Ref &r);

typedef struct {
	PyObject_HEAD
	int ready;
} AdapterObject;

int make(PyObject *type, PyObject *args)
{
	AdapterObject *self = (AdapterObject *)PyObject_Call(type, args, nullptr);
	if (!self)
		throw std::runtime_error("call failed");
	inspect(Ref::own((PyObject *)self));
	return self->ready; // expect-error[MOJO-OWN-103] {{dereferenced after it was released}}
}
