// The same owner class: what release() hands back, dropped, leaks.
#include <Python.h>

class _obj {
protected:
	PyObject *v;
};

class oobj : public _obj {
public:
	oobj() { v = nullptr; }
	oobj(oobj &&o) noexcept { v = o.v; o.v = nullptr; }
	~oobj() { Py_XDECREF(v); }
	static oobj from_new_reference(PyObject *p)
	{
		oobj res;
		res.v = p;
		return res;
	}
	PyObject *release()
	{
		PyObject *t = v;
		v = nullptr;
		return t;
	}
	PyObject *get() const { return v; }
};

int drop(void)
{
	oobj l = oobj::from_new_reference(PyList_New(0));
	if (!l.get())
		return -1;
	l.release();
	return 0; // expect-warning[MOJO-OWN-101] {{never released}}
}
