/*
 * scoped-alloc.h — a scoped PyMem allocation of a binding library, as
 * nanobind declares it in src/nb_internals.h (scoped_pymalloc): a class of
 * a library namespace in a header, so its members are not followed.
 */
#ifndef SCOPED_ALLOC_H
#define SCOPED_ALLOC_H
#include <Python.h>
#include <stddef.h>

namespace nanobind {
namespace detail {
[[noreturn]] void fail_alloc(size_t n);

template <typename T> struct scoped_pymalloc {
	scoped_pymalloc(size_t size = 1)
	{
		ptr = (T *)PyMem_Malloc(size * sizeof(T));
		if (!ptr)
			fail_alloc(size * sizeof(T));
	}
	~scoped_pymalloc() { PyMem_Free(ptr); }
	T *release()
	{
		T *temp = ptr;
		ptr = nullptr;
		return temp;
	}
	T *get() const { return ptr; }
	T *operator->() { return ptr; }

private:
	T *ptr = nullptr;
};
} // namespace detail
} // namespace nanobind
#endif
