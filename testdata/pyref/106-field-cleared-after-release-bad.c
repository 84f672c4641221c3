// A release before the clear of the field that holds the object is the
// field's reference only when the function paid for the store: stored
// unpaid, the object is borrowed, and a release with no clear after it
// leaves the view pointing at an object it holds no reference to
// (106-field-cleared-after-release-good.c pays and clears).
#include <Python.h>

int fill_view(Py_buffer *view);

int getbuffer_unpaid(PyObject *self, Py_buffer *view, int flags)
{
	(void)flags;
	view->obj = self;
	if (fill_view(view) < 0) {
		Py_DECREF(self); // expect-error[MOJO-OWN-106] {{borrowed reference 'self' is released by 'Py_DECREF' but this function does not own it}}
		view->obj = NULL;
		return -1;
	}
	Py_INCREF(self);
	return 0;
}

int getbuffer_not_cleared(PyObject *self, Py_buffer *view, int flags)
{
	(void)flags;
	view->obj = self;
	Py_INCREF(self);
	if (fill_view(view) < 0) {
		Py_DECREF(self); // expect-error[MOJO-OWN-106] {{borrowed reference 'self' is released by 'Py_DECREF' but this function does not own it}}
		return -1;
	}
	return 0;
}
