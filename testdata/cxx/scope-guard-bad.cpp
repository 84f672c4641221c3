// Scope guards (issue #26): an object whose destructor calls a lambda
// it was given runs that lambda at every exit of its scope.
#include <Python.h>
#include <functional>
#include <utility>

template <typename F>
class ScopeExit {
	F f_;
	bool active_;

public:
	explicit ScopeExit(F f) : f_(std::move(f)), active_(true) {}
	ScopeExit(ScopeExit &&o) : f_(std::move(o.f_)), active_(o.active_)
	{
		o.active_ = false;
	}
	~ScopeExit()
	{
		if (active_)
			f_();
	}
	void dismiss() { active_ = false; }
};

template <typename F>
ScopeExit<F> make_scope_exit(F f)
{
	return ScopeExit<F>(std::move(f));
}

struct Finally {
	std::function<void()> f;
	explicit Finally(std::function<void()> fn) : f(std::move(fn)) {}
	~Finally() { f(); }
};

// Released by hand and by the guard.
int released_twice(long v)
{
	PyObject *o = PyLong_FromLong(v);
	if (!o)
		return -1;
	auto cleanup = make_scope_exit([&] { Py_DECREF(o); });
	Py_DECREF(o);
	return 0; // expect-error[MOJO-OWN-104] {{new reference 'o' from 'PyLong_FromLong' is released twice}}
}

// The same with a std::function kept in a field.
int released_twice_finally(long v)
{
	PyObject *o = PyLong_FromLong(v);
	if (!o)
		return -1;
	Finally fin([&] { Py_DECREF(o); });
	Py_DECREF(o);
	return 0; // expect-error[MOJO-OWN-104] {{new reference 'o' from 'PyLong_FromLong' is released twice}}
}

// Dismissed, then the reference is dropped.
int dismissed_and_dropped(long v)
{
	PyObject *o = PyLong_FromLong(v);
	if (!o)
		return -1;
	auto cleanup = make_scope_exit([&] { Py_DECREF(o); });
	cleanup.dismiss();
	return 0; // expect-warning[MOJO-OWN-101] {{new reference 'o' from 'PyLong_FromLong' is never released}}
}
