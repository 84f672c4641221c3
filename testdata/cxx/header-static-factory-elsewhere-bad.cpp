// As header-static-factory-elsewhere-good.cpp, but a new reference is
// given to the factory that takes a reference of its own, and the one
// the caller had is never released.
#include "include-elsewhere/owner.hpp"

object number(long n)
{
	return object::from_borrowed(PyLong_FromLong(n)); // expect-warning[MOJO-OWN-101] {{new reference from 'PyLong_FromLong' is never released}}
}
