/*
 * torch-stub.h — a faithful subset of PyTorch's bridge headers for the C++
 * cases (torch/csrc/utils/object_ptr.h, torch/csrc/Exceptions.h,
 * c10/util/Exception.h): THPPointer<T> / THPObjectPtr, python_error,
 * c10::Error, TORCH_CHECK and HANDLE_TH_ERRORS / END_HANDLE_TH_ERRORS with
 * the same shape as upstream (the try/catch the macros expand to, the
 * [[noreturn]] torchCheckFail). PyTorch is too large to vendor or fetch.
 */
#ifndef OWNLINT_TORCH_STUB_H
#define OWNLINT_TORCH_STUB_H
#include <Python.h>
#include <exception>
#include <string>

template <class T>
class THPPointer {
public:
	THPPointer() : ptr(nullptr) {}
	explicit THPPointer(T *ptr) noexcept : ptr(ptr) {}
	THPPointer(THPPointer &&p) noexcept : ptr(p.ptr) { p.ptr = nullptr; }
	~THPPointer() { free(); }
	T *get() { return ptr; }
	const T *get() const { return ptr; }
	T *release()
	{
		T *tmp = ptr;
		ptr = nullptr;
		return tmp;
	}
	operator T *() { return ptr; }
	THPPointer &operator=(T *new_ptr) noexcept
	{
		free();
		ptr = new_ptr;
		return *this;
	}
	T **operator&() { return &ptr; }

private:
	void free();
	T *ptr = nullptr;
};
template <>
inline void THPPointer<PyObject>::free()
{
	if (ptr)
		Py_DECREF(ptr);
}
using THPObjectPtr = THPPointer<PyObject>;

namespace c10 {
class Error : public std::exception {
public:
	explicit Error(std::string msg) : msg_(msg) {}
	const char *what() const noexcept override { return msg_.c_str(); }

private:
	std::string msg_;
};
namespace detail {
[[noreturn]] void torchCheckFail(const char *func, const char *file,
				 unsigned line, const char *msg);
}
} // namespace c10

#define TORCH_CHECK(cond, msg)                                               \
	if (__builtin_expect(!(cond), 0)) {                                  \
		::c10::detail::torchCheckFail(__func__, __FILE__, __LINE__,   \
					      msg);                            \
	}

namespace torch {
struct python_error : public std::exception {
	void restore();
};
} // namespace torch
using torch::python_error;

#define HANDLE_TH_ERRORS try {
#define END_HANDLE_TH_ERRORS                                                 \
	}                                                                    \
	catch (python_error & e)                                             \
	{                                                                    \
		e.restore();                                                 \
		return nullptr;                                              \
	}                                                                    \
	catch (const c10::Error &e)                                          \
	{                                                                    \
		PyErr_SetString(PyExc_RuntimeError, e.what());               \
		return nullptr;                                              \
	}                                                                    \
	catch (const std::exception &e)                                      \
	{                                                                    \
		PyErr_SetString(PyExc_RuntimeError, e.what());               \
		return nullptr;                                              \
	}
#endif
