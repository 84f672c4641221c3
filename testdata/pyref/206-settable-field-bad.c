// MOJO-BOR-206: an object's field handed to a comparison (or a binary
// number operation) as one of its operands, with no reference of our own,
// while a setter of the file lets Python code assign that field. The other
// operand's method is the user's: it can assign the field, the setter
// releases the old object, and the call goes on using it (wrapt's object
// proxy, testdata/realworld/wrapt-proxy-richcompare.c); so is such a field
// written as a later `%R` unit of a format, after a unit whose `__repr__`
// is the user's.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *wrapped;
	PyObject *factor;
} Proxy;

static PyObject *proxy_get_wrapped(Proxy *self, void *closure)
{
	return Py_NewRef(self->wrapped);
}

// Py_XSETREF expands to `self->wrapped = value` and releases the old one.
static int proxy_set_wrapped(Proxy *self, PyObject *value, void *closure)
{
	if (value == NULL) {
		PyErr_SetString(PyExc_TypeError, "can't delete __wrapped__");
		return -1;
	}
	Py_INCREF(value);
	Py_XSETREF(self->wrapped, value);
	return 0;
}

// Written out by hand: the old value is released after the assignment.
static int proxy_set_factor(Proxy *self, PyObject *value, void *closure)
{
	PyObject *old = self->factor;
	Py_XINCREF(value);
	self->factor = value;
	Py_XDECREF(old);
	return 0;
}

static PyGetSetDef proxy_getset[] = {
	{"__wrapped__", (getter)proxy_get_wrapped, (setter)proxy_set_wrapped,
	 NULL, NULL},
	{"factor", NULL, (setter)proxy_set_factor, NULL, NULL},
	{NULL},
};

PyObject *proxy_richcompare(Proxy *self, PyObject *other, int op)
{
	if (self->wrapped == NULL) {
		PyErr_SetString(PyExc_ValueError, "not initialised");
		return NULL;
	}
	return PyObject_RichCompare(self->wrapped, other, op); // expect-warning[MOJO-BOR-206] {{'self->wrapped' is passed to 'PyObject_RichCompare', which can call a user comparison method that assigns the field through its setter 'proxy_set_wrapped' and frees the object the call is using; take a reference first}}
}

// The field as the second operand, of a comparison with a known operator.
int proxy_equals(Proxy *self, PyObject *other)
{
	if (self->wrapped == NULL)
		return 0;
	return PyObject_RichCompareBool(other, self->wrapped, Py_EQ); // expect-warning[MOJO-BOR-206] {{'self->wrapped' is passed to 'PyObject_RichCompareBool', which can call a user `__eq__` that assigns the field through its setter 'proxy_set_wrapped'}}
}

// A binary number operation runs the other operand's method too.
PyObject *proxy_scale(Proxy *self, PyObject *x)
{
	if (self->factor == NULL)
		Py_RETURN_NONE;
	return PyNumber_Multiply(x, self->factor); // expect-warning[MOJO-BOR-206] {{'self->factor' is passed to 'PyNumber_Multiply', which can call a user arithmetic method that assigns the field through its setter 'proxy_set_factor'}}
}

// A later `%R` of a format: the earlier unit's `__repr__` may assign the
// field (iteration_utilities' ItemIdxKey.__repr__), after a width taken
// from an argument.
PyObject *proxy_describe(Proxy *self, PyObject *other)
{
	return PyUnicode_FromFormat("<%.*s %R of %R>", 5, "proxy", other, // expect-warning[MOJO-BOR-206] {{'self->wrapped' is passed to 'PyUnicode_FromFormat', which can call a user `__repr__` (an earlier unit) that assigns the field through its setter 'proxy_set_wrapped' and frees the object the call is using; take a reference first}}
				    self->wrapped);
}
