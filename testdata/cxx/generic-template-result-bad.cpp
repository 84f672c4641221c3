// A plain function of another file returning `PyObject *` keeps the
// convention (a new reference), also next to a generic one.
#include <Python.h>

PyObject *slot_object(void *obj, unsigned slot);

long length_of(void *obj)
{
	PyObject *p = slot_object(obj, 0);
	if (p == nullptr)
		return -1;
	return (long)PyObject_Size(p); // expect-warning[MOJO-OWN-101] {{new reference 'p' from 'slot_object' is never released}}
}
