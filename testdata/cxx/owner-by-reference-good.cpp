// An owner class of the project given by reference (issue #26): what is
// stored into it (a member's reset(), a field written by the class's own
// swap()) is the caller's object's to release, not a leak of this
// function's.
#include <Python.h>
#include "owner-by-reference.h"

// expect-no-diagnostics

// Every reference stays owned by one of the two owners.
void Scoped::swap(Scoped &other)
{
	Scoped tmp(other.release());
	other.reset(release());
	reset(tmp.release());
}

void Scoped::give(Scoped &other) { other.obj_ = release(); }

// A new reference handed to the caller's owner.
int fill(Scoped &out, long v)
{
	Scoped t(PyLong_FromLong(v));
	if (!t.get())
		return -1;
	out.reset(t.release());
	return 0;
}

int fill_direct(Scoped &out, long v)
{
	PyObject *x = PyLong_FromLong(v);
	if (!x)
		return -1;
	out.reset(x);
	return 0;
}

// Two local owners swapped through the member: both are destroyed.
void swap_locals(void)
{
	Scoped a(PyLong_FromLong(1));
	Scoped b(PyLong_FromLong(2));
	a.swap(b);
}
