// Stores into a member of an object whose type is a template parameter
// (issue #26): the object is still followed, so losing it is seen.
#include <Python.h>

template <typename U>
class type_of {
public:
	static int forgets(PyTypeObject *type, long n)
	{
		U *self = (U *)type->tp_alloc(type, 0);
		if (!self)
			return -1;
		self->count = n;
		return 0; // expect-warning[MOJO-OWN-101] {{new reference 'self' from '_typeobject.tp_alloc' is never released}}
	}
};
