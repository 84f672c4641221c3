// The callee of a conversion operator is named with its type as the
// declaration writes it (`operator PyObject *`), not as libclang spells
// it canonically (`operator _object *`). (Object, a wrapper of a
// std::unique_ptr owner with no destructor of its own, is not followed:
// the reference it returns is reported as borrowed, rules/README.md.)
#include <Python.h>
#include <memory>
struct Decref {
	void operator()(PyObject *o) const { Py_DECREF(o); }
};
class Object {
public:
	explicit Object(PyObject *p) : p_(p) {}
	operator PyObject *() { return p_.get(); }

private:
	std::unique_ptr<PyObject, Decref> p_;
};
PyObject *str_of(PyObject *self)
{
	Object result(PyObject_Str(self));
	return result; // expect-error[MOJO-OWN-107] {{borrowed reference from 'Object::operator PyObject *' is returned but callers expect a new reference}}
}
