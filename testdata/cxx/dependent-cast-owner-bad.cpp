// The dependent cast of dependent-cast-owner-good.cpp, to a class whose
// destructor does not release what it holds: the new reference is
// leaked (reported where the function returns).
#include <Python.h>

class View {
public:
	explicit View(PyObject *p = NULL) : p_(p) {}
	~View() {}
	PyObject *get() const { return p_; }

private:
	PyObject *p_;
};

template <typename T> struct Shadow {
	static PyTypeObject *_Type;
	PyObject *Json()
	{
		PyObject *json = PyDict_New();
		if (json == NULL)
			return NULL;
		PyDict_SetItemString(
			json, "_t",
			View(PyUnicode_FromString(_Type->tp_name)).get());
		return json; // expect-warning[MOJO-OWN-101] {{new reference from 'PyUnicode_FromString' is never released}}
	}
};
