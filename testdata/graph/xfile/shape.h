/* Shared by the files of the cross-file fixture (run with -p). */
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *name;
	PyObject *points;
} ShapeObject;

int shape_clear(PyObject *self);
int shape_traverse(PyObject *self, visitproc visit, void *arg);

/* Two types in two files that own each other's instances, without GC. */
typedef struct RightObject RightObject;
typedef struct LeftObject {
	PyObject_HEAD
	RightObject *right;
} LeftObject;
struct RightObject {
	PyObject_HEAD
	LeftObject *left;
};
