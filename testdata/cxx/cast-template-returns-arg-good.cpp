// A function template that casts its pointer argument to another type
// parameter (clp-ffi-py's `template <typename Dst, typename Src> auto
// py_reinterpret_cast(Src *src) -> Dst *`, C++ round 65) returns its
// argument: the new type from PyType_FromSpec flows through it to the
// module, and `Py_INCREF(self)` through it to the caller.
// expect-no-diagnostics
#include <Python.h>
#include <type_traits>

template <typename Dst, typename Src>
auto py_reinterpret_cast(Src *src) noexcept -> Dst *
{
	if constexpr (std::is_same_v<Src *, Dst *>)
		return src;
	else
		return reinterpret_cast<Dst *>(src);
}

static PyType_Slot slots[] = {{0, nullptr}};
static PyType_Spec spec = {"m.T", sizeof(PyObject), 0, Py_TPFLAGS_DEFAULT,
			   slots};

bool module_level_init(PyObject *module)
{
	auto *type = py_reinterpret_cast<PyTypeObject>(PyType_FromSpec(&spec));
	if (type == nullptr)
		return false;
	if (PyModule_AddObject(module, "T",
			       py_reinterpret_cast<PyObject>(type)) < 0) {
		Py_DECREF(type);
		return false;
	}
	return true;
}

PyObject *enter(PyObject *self, PyObject *)
{
	Py_INCREF(self);
	return py_reinterpret_cast<PyObject>(self);
}
