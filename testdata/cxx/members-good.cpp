// Member functions, lambdas and templates that manage their references
// correctly (issue #17, point 1), and a class whose destructor releases
// its member. No function may get a finding.
#include <Python.h>
#include <vector>

// expect-no-diagnostics

class Holder {
public:
	explicit Holder(PyObject *o) : obj_(o) { Py_XINCREF(obj_); }
	~Holder() { Py_XDECREF(obj_); }
	Holder(const Holder &) = delete;
	PyObject *repr() const { return PyObject_Repr(obj_); }
	void replace(PyObject *o)
	{
		Py_XINCREF(o);
		Py_XDECREF(obj_);
		obj_ = o;
	}

private:
	PyObject *obj_;
};

PyObject *use_holder(PyObject *arg)
{
	Holder h(arg);
	h.replace(arg);
	return h.repr();
}

template <typename T> PyObject *boxed(T v)
{
	PyObject *o = PyLong_FromLong((long)v);
	if (!o)
		return NULL;
	return o;
}

PyObject *with_lambda(long n)
{
	auto make = [](long x) { return PyLong_FromLong(x); };
	PyObject *a = make(n);
	if (!a)
		return NULL;
	auto use = [&](PyObject *o) {
		PyObject *r = PyObject_Repr(o);
		Py_DECREF(o);
		return r;
	};
	return use(a);
}

// A handler given by reference to a parser we do not follow, whose
// callbacks fill in `root` (python-rapidjson's do_decode): its fields hold
// what the parser put there.
struct ParseHandler {
	PyObject *root;
	std::vector<int> depth;
	ParseHandler() : root(NULL) {}
	~ParseHandler() {}
};
struct JsonReader {
	template <typename H> bool Parse(const char *s, H &h);
};

static PyObject *decode_json(const char *s)
{
	ParseHandler handler;
	JsonReader reader;
	if (!reader.Parse(s, handler)) {
		Py_XDECREF(handler.root);
		return NULL;
	}
	return handler.root;
}

PyObject *loads_json(PyObject *self, PyObject *arg)
{
	PyObject *r = decode_json(PyUnicode_AsUTF8(arg));
	return r;
}

// A parse handler (python-rapidjson's PyHandler): it keeps the hook its
// caller lends it without a reference, releases what it made itself, and
// leaves its result to the caller, which takes it out (`handler.root`).
struct Handler {
	PyObject *hook;
	PyObject *keys;
	PyObject *root;
	std::vector<PyObject *> open; // containers being filled, borrowed
	explicit Handler(PyObject *h) : hook(h), root(NULL)
	{
		keys = PyDict_New();
	}
	~Handler() { Py_CLEAR(keys); }
	bool done(PyObject *value)
	{
		if (hook) {
			PyObject *r = PyObject_CallOneArg(hook, value);
			Py_DECREF(value);
			if (!r)
				return false;
			value = r;
		}
		root = value;
		return true;
	}
};

// The parser, which calls back into the handler (defined elsewhere).
bool run_parser(Handler &handler, const char *text);

PyObject *parse_with(PyObject *hook, const char *text)
{
	Handler handler(hook);
	if (!handler.keys)
		return NULL;
	if (!run_parser(handler, text)) {
		Py_XDECREF(handler.root);
		return NULL;
	}
	return handler.root;
}
