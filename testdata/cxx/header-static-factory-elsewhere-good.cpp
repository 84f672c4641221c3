// The static members of an owner class of a project header in another
// folder get summaries, as its free functions do: `object::from_new(p)`
// takes p's new reference over into the object it returns, which
// releases it (extractor's `obj["value"]`, through yamal's header).
// expect-no-diagnostics
#include "include-elsewhere/owner.hpp"

long value_of(object obj)
{
	object value = obj["value"];
	return PyLong_AsLong(value.get_ref());
}

bool has_index(object obj)
{
	return bool(obj["index"]);
}

object first_item(PyObject *tuple)
{
	return object::from_borrowed(PyTuple_GetItem(tuple, 0));
}
