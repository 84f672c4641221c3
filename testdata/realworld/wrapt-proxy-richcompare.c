// From wrapt (GrahamDumpleton/wrapt) src/wrapt/_wrappers.c,
// WraptObjectProxy_richcompare, as of the parent of commit 2f361fd ("Use
// strong references in delegation methods and partial proxy call",
// https://github.com/GrahamDumpleton/wrapt/commit/2f361fd, for issue
// https://github.com/GrahamDumpleton/wrapt/issues/347). The proxy's
// `wrapped` field is handed to PyObject_RichCompare without a reference of
// its own. The comparison runs the other operand's __eq__ (first, when its
// type is a subclass of the wrapped one), and that code may assign the
// proxy's __wrapped__: the setter releases the old object, which
// PyObject_RichCompare then goes on to use (the list_richcompare shape,
// MOJO-BOR-206). The fix, made for free-threading, acquires a strong
// reference first; wrapt_acquire_field's comment gives the single-threaded
// reason too ("a field value can never be freed while still in use when
// code invoked while operating on the field mutates the instance"). The
// function is verbatim (made non-static); the proxy struct is verbatim and
// the lazy-initialisation helper is declared. The `__wrapped__` setter,
// WraptObjectProxy_set_wrapped, is verbatim too, with its row of the
// type's PyGetSetDef table (the other rows left out, the getter declared,
// the module state reduced to the one string it reads): it is what lets
// Python code assign `self->wrapped` while the comparison runs.
#include <Python.h>

typedef struct
{
  PyObject_HEAD

      PyObject *dict;
  PyObject *wrapped;
  PyObject *weakreflist;
  int init_called;
} WraptObjectProxyObject;

int raise_uninitialized_wrapper_error(WraptObjectProxyObject *object);

typedef struct
{
  PyObject *str_setattr_fixups;
} wrapt_module_state;

wrapt_module_state *wrapt_state_from_type(PyTypeObject *type);
PyObject *WraptObjectProxy_get_wrapped(WraptObjectProxyObject *self);

/* Before Python 3.13 (pythoncapi_compat.h). */
#ifndef Py_BEGIN_CRITICAL_SECTION
#define Py_BEGIN_CRITICAL_SECTION(op) {
#define Py_END_CRITICAL_SECTION() }
#endif


PyObject *WraptObjectProxy_richcompare(WraptObjectProxyObject *self,
                                       PyObject *other, int opcode)
{
  if (!self->wrapped)
  {
    if (raise_uninitialized_wrapper_error(self) == -1)
      return NULL;
  }

  return PyObject_RichCompare(self->wrapped, other, opcode); // expect-warning[MOJO-BOR-206] {{'self->wrapped' is passed to 'PyObject_RichCompare', which can call a user comparison method that assigns the field through its setter 'WraptObjectProxy_set_wrapped' and frees the object the call is using; take a reference first}}
}

static int WraptObjectProxy_set_wrapped(WraptObjectProxyObject *self,
                                        PyObject *value)
{
  wrapt_module_state *state = wrapt_state_from_type(Py_TYPE(self));
  if (!state)
    return -1;

  PyObject *fixups = NULL;

  if (!value)
  {
    PyErr_SetString(PyExc_TypeError, "can't delete __wrapped__ attribute");
    return -1;
  }

  /* On free-threaded builds the swap must be serialised, otherwise two
   * threads assigning __wrapped__ on the same proxy can both read the same
   * old value and both decref it, releasing it twice. The critical section
   * covers only the swap; __wrapped_setattr_fixups__ below runs arbitrary
   * Python code and must stay outside it. */

  Py_INCREF(value);
  Py_BEGIN_CRITICAL_SECTION(self);
  Py_XSETREF(self->wrapped, value);
  Py_END_CRITICAL_SECTION();

  fixups = PyObject_GetAttr((PyObject *)self, state->str_setattr_fixups);

  if (fixups)
  {
    PyObject *result = NULL;

    result = PyObject_CallObject(fixups, NULL);
    Py_DECREF(fixups);

    if (!result)
      return -1;

    Py_DECREF(result);
  }
  else
  {
    if (!PyErr_ExceptionMatches(PyExc_AttributeError))
      return -1;
    PyErr_Clear();
  }

  return 0;
}

static PyGetSetDef WraptObjectProxy_getset[] = {
    {"__wrapped__", (getter)WraptObjectProxy_get_wrapped,
     (setter)WraptObjectProxy_set_wrapped, 0},
    {NULL},
};
