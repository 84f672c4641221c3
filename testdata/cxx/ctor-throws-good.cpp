// A `new` that fails throws std::bad_alloc. When no code of the file
// catches it (no `catch (...)`, no `catch (std::exception &)`, no binding
// library's dispatcher), it leaves every C++ frame, reaches CPython's C
// frames and ends the process: what a function held on that edge is no
// leak anyone sees (Triton's `PyBlock`, whose callers catch only the
// library's own exception type).
// expect-no-diagnostics
#include <Python.h>
#include <cstdlib>
#include <new>
#include <stdexcept>
#include <vector>

namespace lib {
struct Error : std::exception {};
struct Block {
	std::vector<int> items;
};
} // namespace lib

struct Holder {
	PyObject *ref;
	double *buf;
	Holder(PyObject *o, size_t n) : ref((Py_INCREF(o), o)), buf(new double[n]) {}
	~Holder()
	{
		delete[] buf;
		Py_DECREF(ref);
	}
};

struct Block_Object {
	PyObject_HEAD
	lib::Block *block;
};

static PyTypeObject Block_Type = {PyVarObject_HEAD_INIT(nullptr, 0) "m.Block"};

PyObject *PyBlock(const lib::Block &b)
{
	Block_Object *object = PyObject_New(Block_Object, &Block_Type);
	if (object != NULL)
		object->block = new lib::Block(b);
	return (PyObject *)object;
}

static PyObject *make_block(PyObject *, PyObject *)
{
	try {
		lib::Block b;
		return PyBlock(b);
	} catch (const lib::Error &) {
		PyErr_SetString(PyExc_RuntimeError, "error");
		return nullptr;
	}
}

static PyObject *make_holder(PyObject *, PyObject *o)
{
	Holder h(o, 8);
	Py_RETURN_NONE;
}

// tkrzw's `xrealloc`: a failed allocation thrown the standard way.
inline void *xrealloc(void *p, size_t n)
{
	void *r = std::realloc(p, n);
	if (r == nullptr)
		throw std::bad_alloc();
	return r;
}

static PyObject *grown(PyObject *, PyObject *o)
{
	Py_INCREF(o);
	void *buf = xrealloc(nullptr, 64);
	std::free(buf);
	return o;
}

static PyMethodDef methods[] = {
	{"grown", grown, METH_O, nullptr},
	{"make_block", make_block, METH_NOARGS, nullptr},
	{"make_holder", make_holder, METH_O, nullptr},
	{nullptr, nullptr, 0, nullptr}};
