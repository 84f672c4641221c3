// Reduced from BTrees (zopefoundation/BTrees) src/BTrees/BucketTemplate.c,
// bucket_byValue, with objectvaluemacros.h's COMPARE; fixed after issue
// #226 ("Segfault in Bucket.byValue() when a value comparison mutates the
// bucket"). A value borrowed from the bucket's C array is compared twice:
// the user's __lt__ may clear the bucket and free the value before the
// second comparison (MOJO-BOR-206, the list_richcompare shape).
#include <Python.h>

typedef struct {
	PyObject_HEAD
	int len;
	PyObject **values; // owned by the bucket, freed by its clear()
} Bucket;

#define COMPARE(lhs, rhs)                                                  \
	(PyObject_RichCompareBool((lhs), (rhs), Py_LT) > 0                 \
		 ? -1                                                      \
		 : (PyObject_RichCompareBool((lhs), (rhs), Py_EQ) > 0 ? 0 : 1))

PyObject *bucket_byValue(Bucket *self, PyObject *min)
{
	Py_ssize_t n = 0;
	for (int i = 0; i < self->len; i++) {
		if (COMPARE(self->values[i], min) >= 0) // expect-warning[MOJO-BOR-206] {{an item of 'self->values' is passed to 'PyObject_RichCompareBool'}}
			n++;
	}
	return PyLong_FromSsize_t(n);
}
