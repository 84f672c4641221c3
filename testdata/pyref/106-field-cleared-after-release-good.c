// A getbuffer that stores its object into the view and pays for it
// (`view->obj = self; Py_INCREF(self);`), then, failing, releases it and
// clears the field (`Py_DECREF(self); view->obj = NULL;`): the release
// was the field's own reference, taken back by the clear that follows,
// as when the clear comes first (dynd-python's array_getbuffer_pep3118,
// C++ round 71).
// expect-no-diagnostics
#include <Python.h>

int fill_view(Py_buffer *view);

int getbuffer(PyObject *self, Py_buffer *view, int flags)
{
	(void)flags;
	view->obj = self;
	Py_INCREF(self);
	if (fill_view(view) < 0) {
		Py_DECREF(self);
		view->obj = NULL;
		return -1;
	}
	return 0;
}
