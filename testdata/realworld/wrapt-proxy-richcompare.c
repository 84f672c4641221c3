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
// the lazy-initialisation helper is declared.
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

PyObject *WraptObjectProxy_richcompare(WraptObjectProxyObject *self,
                                       PyObject *other, int opcode)
{
  if (!self->wrapped)
  {
    if (raise_uninitialized_wrapper_error(self) == -1)
      return NULL;
  }

  return PyObject_RichCompare(self->wrapped, other, opcode); // expect-warning[MOJO-BOR-206] {{self->wrapped}} xfail(#13): an object field passed as a comparison operand is not a tracked borrow (only an item of a C array an object owns is, BTrees' shape); whether the field can be reassigned while the call runs (here by the __wrapped__ setter) is not known
}
