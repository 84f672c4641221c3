// A standard stream's read throws only when its exceptions() mask asks it
// to: libstdc++'s istream::read() catches what its buffer throws, sets
// badbit, and rethrows (`throw;`) only a thread's forced unwinding. No
// exception leaves the read here, so the bytes object is not leaked on an
// exceptional path.
// expect-no-diagnostics
#include <Python.h>
#include <istream>

PyObject *read_bytes(std::istream *in, size_t size)
{
	PyObject *bytes = PyBytes_FromStringAndSize(nullptr, (Py_ssize_t)size);
	if (!bytes)
		return NULL;
	char *buffer = PyBytes_AS_STRING(bytes);
	Py_BEGIN_ALLOW_THREADS
	in->read(buffer, (std::streamsize)size);
	Py_END_ALLOW_THREADS
	size_t got = (size_t)in->gcount();
	if (got == size || _PyBytes_Resize(&bytes, (Py_ssize_t)got) == 0)
		return bytes;
	return NULL;
}
