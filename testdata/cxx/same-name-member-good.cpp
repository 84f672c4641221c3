// A library class's member that shares its name with a function of the
// file (`Lib::File::IsOpen()` beside a wrapper's static `File::IsOpen(self,
// args, kwds)`) is not that function: another arity, another signature.
#include <Python.h>
// expect-no-diagnostics

namespace Lib {
class File {
public:
	bool IsOpen() const;
};
} // namespace Lib

namespace Wrap {
struct File {
	PyObject_HEAD
	Lib::File *file;
	static PyObject *IsOpen(File *self, PyObject *args, PyObject *kwds);
	static PyObject *Stat(File *self, PyObject *args, PyObject *kwds);
};

PyObject *File::IsOpen(File *self, PyObject *, PyObject *)
{
	return PyBool_FromLong(self->file->IsOpen());
}

PyObject *File::Stat(File *self, PyObject *, PyObject *)
{
	if (!self->file->IsOpen()) {
		PyErr_SetString(PyExc_ValueError, "closed file");
		return NULL;
	}
	Py_RETURN_NONE;
}
} // namespace Wrap
