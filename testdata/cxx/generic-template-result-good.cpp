// A function template whose result type is its parameter's (`T *get<T>`),
// declared in a library header and called as `get<PyObject>`, is generic
// code: it knows no reference counts, and the convention that another
// file's function returning `PyObject *` gives a new reference does not
// apply. Reduced from PythonMonkey (SpiderMonkey's
// JS::GetMaybePtrFromReservedSlot<PyObject>).
#include <Python.h>

namespace JS {
template <typename T> T *GetMaybePtrFromReservedSlot(void *obj, unsigned slot);
}

long length_of(void *obj)
{
	PyObject *p = JS::GetMaybePtrFromReservedSlot<PyObject>(obj, 0);
	if (p == nullptr)
		return -1;
	return (long)PyObject_Size(p);
}
// expect-no-diagnostics
