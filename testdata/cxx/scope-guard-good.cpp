// Scope guards used correctly (issue #26). None of these functions may
// get a finding.
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

// expect-no-diagnostics

int released_at_every_exit(long v)
{
	PyObject *o = PyLong_FromLong(v);
	if (!o)
		return -1;
	auto cleanup = make_scope_exit([&] { Py_DECREF(o); });
	if (PyObject_IsTrue(o) < 0)
		return -1;
	return 0;
}

int finally_releases(PyObject *obj)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return -1;
	Finally fin([&] { PyBuffer_Release(&view); });
	return view.len > 0;
}

// Dismissed on success: the reference is handed to the caller.
int handed_over(long v, PyObject **out)
{
	PyObject *o = PyLong_FromLong(v);
	if (!o)
		return -1;
	auto cleanup = make_scope_exit([&] { Py_DECREF(o); });
	if (PyObject_IsTrue(o) < 0)
		return -1;
	cleanup.dismiss();
	*out = o;
	return 0;
}
