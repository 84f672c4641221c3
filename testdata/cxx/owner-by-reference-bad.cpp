// An owner class of the project given by reference (issue #26): its fields
// are the caller's memory. What is taken out of it (release(), get()) is
// followed as through a pointer, so its misuse is reported.
#include <Python.h>
#include "owner-by-reference.h"

// The reference release() hands over is dropped.
void drop_released(Scoped &o)
{
	PyObject *x = o.release();
	(void)x;
} // expect-warning[MOJO-OWN-101] {{new reference 'x' from 'Scoped::release' is never released}}

// get() lends the owner's reference: this function may not release it.
void release_lent(Scoped &o)
{
	PyObject *x = o.get();
	Py_DECREF(x); // expect-error[MOJO-OWN-106] {{borrowed reference 'x' from 'Scoped::get' is released by 'Py_DECREF' but this function does not own it}}
}

// A struct given by reference is the caller's memory, as through a
// pointer: a borrowed reference stored there outlives the borrow.
struct Handler {
	PyObject *callback;
};

void handler_set(Handler &h, PyObject *callback)
{
	h.callback = callback; // expect-warning[MOJO-BOR-202] {{borrowed reference 'callback' is stored without taking a reference}}
}
