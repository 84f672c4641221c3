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

/* The same through a field typed as another object's struct. */
typedef struct {
	PyObject_HEAD
	long version;
} MultiDictObject;

typedef struct {
	PyObject_HEAD
	MultiDictObject *md;
} View;

static void view_init(View *v, MultiDictObject *md)
{
	v->md = md;
}

int use_view(View *v, MultiDictObject *md)
{
	view_init(v, md); // expect-error[MOJO-OWN-106] {{borrowed reference 'md' is passed to 'view_init', which steals a reference this function does not own}}
	return 0;
}
