// A reference taken on an argument that nothing made keeps is an extra
// one (make-shared-owner-good.cpp hands the argument to an owner that
// std::make_shared makes).
#include <Python.h>
#include <memory>

struct Holder {
	explicit Holder(PyObject *arg) : count_(std::make_shared<int>(0))
	{
		Py_INCREF(arg);
	} // expect-warning[MOJO-OWN-101] {{an extra reference to 'arg' (taken by 'Py_INCREF') is never released}}
	std::shared_ptr<int> count_;
};
