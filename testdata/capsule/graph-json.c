// ARGS: --dump-graph=json
// Capsules in the ownership graph (issue 12): each PyCapsule_New is an
// owner of what it holds, released by its destructor ("released_by"), or
// not (null: no destructor, one that never reads its pointer, or one that
// releases it only under another name).
#include <Python.h>
#include <cuda_runtime.h>
#include <stdlib.h>

static void device_free(PyObject *cap)
{
	cudaFree(PyCapsule_GetPointer(cap, "ownlint.device"));
}

static void table_free(PyObject *cap)
{
	free(PyCapsule_GetPointer(cap, "ownlint.table"));
}

void foreign_free(PyObject *cap);

PyObject *device(size_t n)
{
	void *d;
	if (cudaMalloc(&d, n) != cudaSuccess)
		return NULL;
	PyObject *cap = PyCapsule_New(d, "ownlint.device", device_free);
	if (cap == NULL)
		cudaFree(d);
	return cap;
}

PyObject *tables(size_t n, PyObject **view)
{
	void *t = malloc(n), *u = malloc(n);
	if (t == NULL || u == NULL) {
		free(t);
		free(u);
		return NULL;
	}
	*view = PyCapsule_New(u, "ownlint.table", NULL);
	if (*view == NULL) {
		free(t);
		free(u);
		return NULL;
	}
	PyObject *cap = PyCapsule_New(t, "ownlint.table", table_free);
	if (cap == NULL)
		free(t);
	return cap;
}

PyObject *foreign(size_t n)
{
	void *p = malloc(n);
	if (p == NULL)
		return NULL;
	PyObject *cap = PyCapsule_New(p, NULL, foreign_free);
	if (cap == NULL)
		free(p);
	return cap;
}
/* check-output-start
{
  "owners": [],
  "globals": [],
  "capsules": [
    {"name": "ownlint.device", "destructor": "device_free", "made_at": "graph-json.c:27:18", "func": "device", "resource": "cuda", "api": "cudaMalloc", "released_by": "cudaFree"},
    {"name": "ownlint.table", "destructor": null, "made_at": "graph-json.c:41:10", "func": "tables", "resource": "heap", "api": "malloc", "released_by": null},
    {"name": "ownlint.table", "destructor": "table_free", "made_at": "graph-json.c:47:18", "func": "tables", "resource": "heap", "api": "malloc", "released_by": "free"},
    {"name": null, "destructor": "foreign_free", "made_at": "graph-json.c:58:18", "func": "foreign", "resource": "heap", "api": "malloc", "released_by": "(unknown)"}
  ],
  "objects": []
}
check-output-end */
