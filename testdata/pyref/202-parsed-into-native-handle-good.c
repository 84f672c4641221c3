// An "O" unit read back into a field that holds a native handle, not a
// Python object (pydoop smuggles its hdfsFS pointers through the argument
// tuple): no reference is kept there, so none is owed. Reduced from
// pydoop src/native_core_hdfs/hdfs_file.cc (FileClass_init).
#include <Python.h>

struct hdfs_internal;
typedef struct hdfs_internal *hdfsFS;

typedef struct {
	PyObject_HEAD
	hdfsFS fs;
} FileInfo;

int FileClass_init(FileInfo *self, PyObject *args, PyObject *kwds)
{
	(void)kwds;
	if (!PyArg_ParseTuple(args, "O", &(self->fs)))
		return -1;
	return 0;
}
// expect-no-diagnostics
