// A throwing check of the project, defined in one of its headers
// (wreport's utils/core.h): a template, which no summary can speak for.
#pragma once
#include <Python.h>

struct PythonException {};

template <typename T> inline T *throw_ifnull(T *o)
{
	if (!o)
		throw PythonException();
	return o;
}
