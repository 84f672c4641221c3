// pybind11 code compiled against Debian's pybind11-dev and CPython's own
// headers (issue #17, point 2): py::object/py::handle, reinterpret_steal
// and reinterpret_borrow, release(), ptr(), inc_ref()/dec_ref(), and
// error_already_set. No function may get a finding.
#include <pybind11/pybind11.h>

#include <thread>

namespace py = pybind11;

// expect-no-diagnostics

PyObject *steal_then_release(long a)
{
	py::object o = py::reinterpret_steal<py::object>(PyLong_FromLong(a));
	if (!o)
		throw py::error_already_set();
	return o.release().ptr();
}

PyObject *borrow_copy(PyObject *arg)
{
	py::object o = py::reinterpret_borrow<py::object>(arg);
	py::object copy = o;
	return copy.release().ptr();
}

int handle_refs(PyObject *arg)
{
	py::handle h(arg);
	h.inc_ref();
	h.dec_ref();
	return h.ptr() != nullptr;
}

PyObject *repr_of(PyObject *arg)
{
	py::object o = py::reinterpret_borrow<py::object>(arg);
	PyObject *r = PyObject_Repr(o.ptr());
	if (!r)
		throw py::error_already_set();
	return r;
}

py::object make_object(long a)
{
	PyObject *raw = PyLong_FromLong(a);
	if (!raw)
		throw py::error_already_set();
	return py::reinterpret_steal<py::object>(raw);
}

PyObject *use_made(long a)
{
	py::object o = make_object(a);
	return o.release().ptr();
}

// An owner passed by value: the callee's parameter is its own copy.
static py::object keep(py::object o) { return o; }

PyObject *by_value(PyObject *arg)
{
	py::object o = py::reinterpret_borrow<py::object>(arg);
	py::object k = keep(o);
	return k.release().ptr();
}

// A lambda returning an owner by value.
PyObject *lambda_returns_owner(long a)
{
	auto make = [&]() {
		py::list l;
		l.append(py::int_(a));
		return l;
	};
	py::list got = make();
	return got.release().ptr();
}

// A reference parameter returned by value: a copy.
py::object copy_of(const py::object &o) { return o; }

// A helper of an anonymous namespace (private to the file, as `static` is)
// that throws on NULL and wraps what it is given: it steals its argument
// and hands it back owned (dm-tree's pyo_or_throw).
namespace {
inline py::object object_or_throw(PyObject *ptr)
{
	if (ptr == nullptr)
		throw py::error_already_set();
	return py::reinterpret_steal<py::object>(ptr);
}
} // namespace

py::object attr_x(py::handle o)
{
	return object_or_throw(PyObject_GetAttrString(o.ptr(), "x"));
}

// Reduced from pybind11 tests/test_numpy_array.cpp
// (convert_to_pyobjecttype): a by-value object parameter is this
// function's own, and release() hands its reference to the caller.
PyObject *by_value_to_raw(py::object obj)
{
	return obj.release().ptr();
}

py::handle by_value_to_handle(py::object obj)
{
	return obj.release();
}

py::object by_value_returned(py::object obj)
{
	return obj;
}

// Callers make and destroy their own argument.
PyObject *calls_by_value(long a)
{
	py::object o = py::reinterpret_steal<py::object>(PyLong_FromLong(a));
	if (!o)
		return nullptr;
	PyObject *r = by_value_to_raw(o);
	py::object back = by_value_returned(o);
	return r;
}

// Reduced from pybind11 tests/test_numpy_dtypes.cpp and
// test_builtin_casters.cpp: a lambda called where it is written returns
// its by-value parameter, which there stands for the caller's argument.
PyObject *inlined_by_value(long a)
{
	auto keep = [](py::object o) { return o; };
	py::object r = keep(py::reinterpret_steal<py::object>(PyLong_FromLong(a)));
	return r.release().ptr();
}

// Reduced from pybind11 tests/test_pytypes.cpp: std::move into a handle
// only reads the object, which keeps and releases its reference.
Py_ssize_t moved_into_handle(py::object obj)
{
	return py::len(std::move(obj));
}

// Reduced from pybind11 tests/test_potentially_slicing_weak_ptr.cpp: a
// construct whose type depends on a template parameter is an unknown
// call in the template's pattern, which borrows what it is given.
template <typename T> struct Owner {
	int x;
};

template <typename T> void wrap_owner(py::module_ &m, const char *name)
{
	py::class_<Owner<T>>(m, name).def(py::init<>());
}

void wrap_all(py::module_ &m)
{
	wrap_owner<int>(m, "A");
	wrap_owner<long>(m, "B");
}

// py::cast of a raw new reference with return_value_policy::take_ownership
// takes that reference over (pybind11's test_type_caster_pyobject_ptr).
py::object cast_taking_ownership(long a)
{
	PyObject *ptr = PyLong_FromLong(a);
	if (!ptr)
		throw py::error_already_set();
	return py::cast(ptr, py::return_value_policy::take_ownership);
}

// A thread's body that takes the GIL with py::gil_scoped_acquire (issue
// #26): the library's guard is not followed, so nothing is said of the
// GIL in it.
long value_in_thread(PyObject *o)
{
	long v = 0;
	py::gil_scoped_release unlocked;
	std::thread t([&v, o] {
		py::gil_scoped_acquire locked;
		v = PyLong_AsLong(o);
	});
	t.join();
	return v;
}

// Members of a class type initialized by a constructor that then throws
// (OpenEXR's PyPart): C++ destroys the members already made, so their
// references are released by their own destructors.
struct Part {
	Part(const py::dict &header, const py::dict &channels);
	py::dict header;
	py::dict channels;
	int index;
};

Part::Part(const py::dict &header, const py::dict &channels)
	: header(header), channels(channels), index(0)
{
	for (auto a : header)
		if (!py::isinstance<py::str>(a.first))
			throw std::invalid_argument("header key must be string");
}

// A conversion of a temporary owner to a value that is no pointer copies
// the value out before the temporary dies (OpenEXR's `int n =
// py::int_(object.attr("numerator"))`, `return py::str(header["name"])`
// as a std::string).
int numerator(py::object object)
{
	int n = py::int_(object.attr("numerator"));
	return n;
}

std::string part_name(const py::dict &header)
{
	return py::str(header["name"]);
}

// A temporary bound to a `const &` lives as long as the reference
// (optree's `const auto &type = GetType();`): used until the end of the
// scope, then destroyed.
struct Spec {
	py::object t;
	py::object GetType() const { return t; }
	Py_ssize_t Hash() const
	{
		const auto &type = GetType();
		return py::hash(type);
	}
};

// pybind11's deprecated `object(handle h, bool is_borrowed)`: false takes
// the new reference over (atheris).
py::int_ make_int(long v)
{
	PyObject *ret = PyLong_FromLong(v);
	return py::int_(py::handle(ret), false);
}

py::object make_str(const char *s)
{
	return py::object(py::handle(PyUnicode_FromString(s)), false);
}

// A library owner's constructor throws when it fails: `py::class_`'s
// handle is never NULL (optree).
struct Tag {
	int x;
};

void bind_tag(py::module_ &m)
{
	auto cls = py::class_<Tag>(m, "Tag");
	auto *tp = reinterpret_cast<PyTypeObject *>(cls.ptr());
	tp->tp_doc = "a tag";
}
