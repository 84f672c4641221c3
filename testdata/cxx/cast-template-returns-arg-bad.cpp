// What goes through a casting function template is the argument itself
// (cast-template-returns-arg-good.cpp): a new reference cast and dropped
// is leaked.
#include <Python.h>

template <typename Dst, typename Src>
Dst *py_reinterpret_cast(Src *src) noexcept
{
	return reinterpret_cast<Dst *>(src);
}

int type_size(PyObject *module)
{
	(void)module;
	PyTypeObject *t = py_reinterpret_cast<PyTypeObject>(PyObject_Type(module));
	if (t == nullptr)
		return -1;
	return (int)t->tp_basicsize; // expect-warning[MOJO-OWN-101] {{never released}}
}
