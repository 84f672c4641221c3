/* A function's own statics given required items of its argument tuple
 * (pdf_tin's initializers): every call that gets past the parse writes
 * them before any read, and no other function can read them, so the
 * borrows outlive nothing. */
#include <Python.h>

typedef struct {
	PyObject_HEAD
	void *text;
} TextObject;

static int text_init(TextObject *self, PyObject *args, PyObject *kwargs)
{
	static char *keywords[] = {"text", "style", NULL};
	static PyObject *text_capsule = NULL;
	static PyObject *style = NULL;
	if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO", keywords,
					 &text_capsule, &style))
		return -1;
	if (!PyCapsule_IsValid(text_capsule, NULL)) {
		PyErr_SetString(PyExc_TypeError, "text: a capsule");
		return -1;
	}
	self->text = PyCapsule_GetPointer(text_capsule, NULL);
	return self->text ? 0 : -1;
}

/* expect-no-diagnostics */
