// Reduced from pygame 2.1.2 src_c/joystick.c (pgJoystick_New): each new
// object is linked into a module-wide doubly linked list through borrowed
// `prev`/`next` pointers and returned to the caller, who owns it. The
// fields point to objects; they own no reference, so the teardown need
// not release them (the dealloc unlinks the object).
// expect-no-diagnostics
#include <Python.h>

typedef struct JoyObject {
	PyObject_HEAD
	int id;
	struct JoyObject *prev, *next;
} JoyObject;

static JoyObject *joylist_head;
extern PyTypeObject JoyType;

static void joy_dealloc(PyObject *self)
{
	JoyObject *j = (JoyObject *)self;
	if (j->prev)
		j->prev->next = j->next;
	else
		joylist_head = j->next;
	if (j->next)
		j->next->prev = j->prev;
	PyObject_Free(self);
}

PyObject *joy_new(int id)
{
	JoyObject *j = PyObject_New(JoyObject, &JoyType);
	if (!j)
		return NULL;
	j->id = id;
	j->prev = NULL;
	j->next = joylist_head;
	if (joylist_head)
		joylist_head->prev = j;
	joylist_head = j;
	return (PyObject *)j;
}

PyTypeObject JoyType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Joystick",
	.tp_basicsize = sizeof(JoyObject),
	.tp_dealloc = joy_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT,
};
