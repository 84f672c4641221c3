// riegeli's Python bindings: an owner declared in a `while` condition is
// destroyed at the end of every iteration, when the test fails, and on a
// break; a std::unique_ptr tested with `p == nullptr` (the library's free
// operator==) is a test of the pointer it holds.
// expect-no-diagnostics
#include <Python.h>
#include <memory>

struct Deleter {
	template <typename T> void operator()(T *p) const
	{
		Py_DECREF(reinterpret_cast<PyObject *>(p));
	}
};
using PythonPtr = std::unique_ptr<PyObject, Deleter>;

static int count_items(PyObject *iterable)
{
	const PythonPtr iter(PyObject_GetIter(iterable));
	if (iter == nullptr)
		return -1;
	int n = 0;
	while (const PythonPtr item{PyIter_Next(iter.get())}) {
		int t = PyObject_IsTrue(item.get());
		if (t < 0)
			return -1;
		if (t == 0)
			break;
		n++;
	}
	if (PyErr_Occurred() != nullptr)
		return -1;
	return n;
}

struct Obj {
	PyObject_HEAD
	PyObject *owner;
};
static PyTypeObject Obj_Type = {PyVarObject_HEAD_INIT(nullptr, 0) "m.Obj"};

static PyObject *make(PyObject *, PyObject *owner)
{
	std::unique_ptr<Obj, Deleter> o(
		reinterpret_cast<Obj *>(PyObject_New(Obj, &Obj_Type)));
	if (o == nullptr)
		return nullptr;
	Py_INCREF(owner);
	o->owner = owner;
	return reinterpret_cast<PyObject *>(o.release());
}

static PyObject *make_ne(PyObject *, PyObject *owner)
{
	std::unique_ptr<Obj, Deleter> o(
		reinterpret_cast<Obj *>(PyObject_New(Obj, &Obj_Type)));
	if (nullptr != o) {
		Py_INCREF(owner);
		o->owner = owner;
		return reinterpret_cast<PyObject *>(o.release());
	}
	return nullptr;
}

static PyObject *count(PyObject *, PyObject *arg)
{
	int n = count_items(arg);
	if (n < 0)
		return nullptr;
	return PyLong_FromLong(n);
}

static PyMethodDef methods[] = {{"count", count, METH_O, nullptr},
				{"make", make, METH_O, nullptr},
				{"make_ne", make_ne, METH_O, nullptr},
				{nullptr, nullptr, 0, nullptr}};
