// A function of another file returning a std::unique_ptr<T> of a T that is
// no Python object (dballe's `DBImportOptions::create()`,
// `query_from_python()`): its handle is no reference. A C++ factory throws
// rather than return it empty, so using it at once is no use of a NULL.
// expect-no-diagnostics
#include <Python.h>
#include <memory>
#include <string>

struct Opts {
	std::string url;
	bool overwrite = false;
	static std::unique_ptr<Opts> create(const std::string &url);
};

std::unique_ptr<Opts> opts_from_python(PyObject *o);
int use(const Opts &);

static PyObject *star(PyObject *self, PyObject *args)
{
	auto opts = Opts::create("x");
	return PyLong_FromLong(use(*opts));
}

static PyObject *arrow(PyObject *self, PyObject *args)
{
	auto opts = Opts::create("x");
	opts->overwrite = true;
	return PyLong_FromLong(use(*opts));
}

static PyObject *free_function(PyObject *self, PyObject *arg)
{
	auto q = opts_from_python(arg);
	return PyLong_FromLong(use(*q));
}
