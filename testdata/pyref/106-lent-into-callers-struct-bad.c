/*
 * Into an object's field, what the helper was lent is kept by the object,
 * which releases it in its dealloc: the helper takes the reference over,
 * and a caller that hands it a borrowed one gives away what it does not
 * own.
 */
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *identity;
} Finder;

static void init_finder(Finder *f, PyObject *identity)
{
	f->identity = identity;
}

int use(Finder *f, PyObject *key)
{
	init_finder(f, key); // expect-error[MOJO-OWN-106] {{borrowed reference 'key' is passed to 'init_finder', which steals a reference this function does not own}}
	return 0;
}
