// A member of a class template calling another member of the same
// template (an overload set until the template is specialized, as its
// `this` is dependent) calls the overload its arguments fit: a new
// reference handed to the member that keeps it is not leaked, nor is one
// given through the assignment operator that forwards to it.
#include <Python.h>
// expect-no-diagnostics

template <typename M>
class ModuleVar {
public:
	ModuleVar &operator=(PyObject *o) { return Value(o); }
	ModuleVar &Value(const char *s) { return Value(PyUnicode_InternFromString(s)); }
	ModuleVar &Value(Py_ssize_t n) { return this->Value(PyLong_FromSsize_t(n)); }
	ModuleVar &Value(PyObject *v)
	{
		if (v == NULL)
			throw 1;
		ref = v;
		return *this;
	}
	void Free() { Py_CLEAR(ref); }

private:
	PyObject *ref;
};

struct State {
	ModuleVar<State> dict, name, count;
};

int init_state(State *st)
{
	st->dict = PyDict_New();
	st->name.Value("name");
	st->count.Value((Py_ssize_t)3);
	return 0;
}
