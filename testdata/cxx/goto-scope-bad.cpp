// `goto` and the objects of the scopes it leaves: those declared in scopes
// enclosing the goto but not its label are destroyed at the goto, once; a
// goto within one scope destroys nothing (cxx-eval7 cause B).
#include <Python.h>

struct Ref {
	PyObject *p;
	explicit Ref(PyObject *o) : p(o) {}
	~Ref() { Py_XDECREF(p); }
};

// Leaving the inner scope destroys `t`: `raw` is its released reference.
PyObject *out_of_inner_scope(long v)
{
	PyObject *raw;
	{
		Ref t(PyLong_FromLong(v));
		if (!t.p)
			return NULL;
		raw = t.p;
		if (v > 0)
			goto out;
		Py_INCREF(raw);
	}
	return raw;
out:
	return raw; // expect-error[MOJO-OWN-103] {{returned after it was released}}
}

// A goto within the scope of `t` does not destroy it: released by hand and
// by its destructor at the return, on the goto's path too, reported once.
int same_scope(long v)
{
	Ref t(PyLong_FromLong(v));
	if (!t.p)
		return -1;
	if (v > 0)
		goto done;
	v = 0;
done:
	Py_DECREF(t.p);
	return 0; // expect-error[MOJO-OWN-104] {{released twice}}
}
