// Holder templates whose release function and "empty" value are
// template arguments (template-release-good.cpp, template-release-bad.cpp).
#pragma once
#include <Python.h>
#include <stdlib.h>

template <typename T>
static inline T zero_value(void)
{
	return T();
}

// The release function and the "empty" value are both template
// arguments, the second a function template by default.
template <typename T = void *, void drop_fn(T) = free,
	  T empty_fn(void) = zero_value>
class holder {
	holder(const holder &) noexcept;
	holder &operator=(const holder &) noexcept;

protected:
	T h_;

public:
	holder() noexcept { h_ = empty_fn(); }
	explicit holder(T v) noexcept : h_(v) {}
	~holder() noexcept { clear(); }
	void clear() noexcept
	{
		if (h_ != empty_fn()) {
			T old = h_;
			h_ = empty_fn();
			drop_fn(old);
		}
	}
	T get() noexcept { return h_; }
	T take() noexcept
	{
		T r = h_;
		h_ = empty_fn();
		return r;
	}
	void reset(T v) noexcept
	{
		clear();
		h_ = v;
	}
	explicit operator bool() const noexcept { return h_ != empty_fn(); }
};

// A plainer one: the empty value is a constant argument.
template <typename T, void drop_fn(T), T empty = nullptr>
class plain_holder {
	T h_;

public:
	explicit plain_holder(T v) : h_(v) {}
	~plain_holder()
	{
		if (h_ != empty)
			drop_fn(h_);
	}
	T get() { return h_; }
};
