// An owner declared in a `while` condition lives one iteration; what the
// body takes besides it is still the body's to release. And a
// std::unique_ptr tested against nullptr only after its first use.
#include <Python.h>
#include <memory>

struct Deleter {
	template <typename T> void operator()(T *p) const
	{
		Py_DECREF(reinterpret_cast<PyObject *>(p));
	}
};
using PythonPtr = std::unique_ptr<PyObject, Deleter>;

static int count_true(PyObject *iterable)
{
	const PythonPtr iter(PyObject_GetIter(iterable));
	if (iter == nullptr)
		return -1;
	int n = 0;
	while (const PythonPtr item{PyIter_Next(iter.get())}) {
		PyObject *s = PyObject_Str(item.get());
		if (s == nullptr)
			return -1;
		n++;
	}
	return n; // expect-warning[MOJO-OWN-101] {{'s' from 'PyObject_Str' is never released}}
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
	Py_INCREF(owner);
	o->owner = owner; // expect-warning[MOJO-OWN-109] {{dereferenced before it is checked for NULL}}
	if (o == nullptr)
		return nullptr;
	return reinterpret_cast<PyObject *>(o.release());
}

static PyObject *count(PyObject *, PyObject *arg)
{
	int n = count_true(arg);
	if (n < 0)
		return nullptr;
	return PyLong_FromLong(n);
}

static PyMethodDef methods[] = {{"count", count, METH_O, nullptr},
				{"make", make, METH_O, nullptr},
				{nullptr, nullptr, 0, nullptr}};
