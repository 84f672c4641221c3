// From pyfastnoisesimd (robbmcleod/pyfastnoisesimd) pyfastnoisesimd/wrapper.cpp
// as of the parent of commit d714fc3bdd ("Fix for issue #18", Robert
// McLeod, 2018). PyFNS_GetEmptySet and PyFNS_GetNoiseSet return
// PyArray_SimpleNewFromData arrays made over a noise set that FastNoiseSIMD
// allocated (new float[] or posix_memalign). Such an array does not own its
// data, so the noise set was never freed: "Noise().genAsGrid() Memory Leak"
// (issue #18), the process grew with each call. The fix gives the buffer to
// the array with PyArray_ENABLEFLAGS(..., NPY_ARRAY_OWNDATA), so NumPy frees
// it with the array.
//
// PyFNS_GetEmptySet and PyFNS_GetNoiseSet are verbatim before the fix and
// after it (the _fixed functions, with the fix's debugging printf calls).
// FastNoiseSIMD is reduced to the members involved: GetEmptySet(int) is the
// build without FN_ALIGNED_SETS (its last line, "return new float[size];"),
// the other GetEmptySet and GetNoiseSet are verbatim from FastNoiseSIMD.h
// and FastNoiseSIMD.cpp, FillNoiseSet is declared; FNSObject is verbatim.
//
// The tool does not find the bug (xfail): the noise set comes from
// FastNoiseSIMD::GetEmptySet, through one or two calls, and a buffer that
// is not the maker's own allocation is not followed (rules/README.md,
// NumPy's known limits); an array made over a buffer from new[] in the
// same function is not followed either. Not reported, in both versions:
// PyArray_SimpleNewFromData can fail (the buffer then leaks), and the fixed
// version passes the array to PyArray_ENABLEFLAGS before any NULL test.
// NumPy frees an OWNDATA buffer with its own allocator (free() in the NumPy
// of the time), which does not match new[]: the fix trades the leak for a
// mismatched release on builds without FN_ALIGNED_SETS.
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION

#include <Python.h>
#include <numpy/npy_common.h>
#include <numpy/ndarrayobject.h>
#include <numpy/arrayscalars.h>
#include <stdio.h>

/* fastnoisesimd/FastNoiseSIMD.h and .cpp, reduced */
class FastNoiseSIMD
{
public:
	// Create an empty (aligned) noise set for use with FillNoiseSet()
	static float* GetEmptySet(int size);

	// Create an empty (aligned) noise set for use with FillNoiseSet()
	static float* GetEmptySet(int xSize, int ySize, int zSize) { return GetEmptySet(xSize*ySize*zSize); }

	float* GetNoiseSet(int xStart, int yStart, int zStart, int xSize, int ySize, int zSize, float scaleModifier = 1.0f);
	void FillNoiseSet(float* noiseSet, int xStart, int yStart, int zStart, int xSize, int ySize, int zSize, float scaleModifier = 1.0f);
};

float* FastNoiseSIMD::GetEmptySet(int size)
{
	return new float[size];
}

float* FastNoiseSIMD::GetNoiseSet(int xStart, int yStart, int zStart, int xSize, int ySize, int zSize, float scaleModifier)
{
	float* noiseSet = GetEmptySet(xSize, ySize, zSize);

	FillNoiseSet(noiseSet, xStart, yStart, zStart, xSize, ySize, zSize, scaleModifier);

	return noiseSet;
}

// Factory object
struct FNSObject
{
    PyObject_HEAD
    FastNoiseSIMD *fns;
};

static PyObject *
PyFNS_GetEmptySet(PyObject *self, PyObject *args)
{
    // Make a NumPy array and return it. Note the array is empty, not zeroed.
    npy_intp dims[3] = {0, 0, 0};
    const char *format = "n|nn";
    float *data;

    if (!PyArg_ParseTuple(args, format, &dims[0], &dims[1], &dims[2])) {
        return NULL;
    }

    if ((dims[1] > 0) && (dims[2] > 0)) { // 3D
        // Py_BEGIN_ALLOW_THREADS // Release GIL
        data = FastNoiseSIMD::GetEmptySet((int)dims[0], (int)dims[1], (int)dims[2]);
        // Py_END_ALLOW_THREADS
        return PyArray_SimpleNewFromData(3, dims, NPY_FLOAT32, data); // expect-warning[MOJO-OWN-101] {{'data' from}} xfail(#27): the noise set is allocated (new float[]) in a function the array's maker calls, not in the maker itself, and a buffer that is not the function's own allocation is not followed
    }
    else { // Single argument, make a 1D array
        // Py_BEGIN_ALLOW_THREADS // Release GIL
        data = FastNoiseSIMD::GetEmptySet((int)dims[0]);
        // Py_END_ALLOW_THREADS
        return PyArray_SimpleNewFromData(1, dims, NPY_FLOAT32, data); // expect-warning[MOJO-OWN-101] {{'data' from}} xfail(#27): the noise set is allocated (new float[]) in a function the array's maker calls, not in the maker itself, and a buffer that is not the function's own allocation is not followed
    }
}

static PyObject *
PyFNS_GetNoiseSet(FNSObject *self, PyObject *args)
{
    // Make a NumPy array and return it. Note the array is empty, not zeroed.
    int xStart, yStart, zStart;
    npy_intp dims[3] = {0, 0, 0};
    float scaleMod = 1.0;
    const char *format = "iiinnn|f";
    float *data = NULL;

    if (!PyArg_ParseTuple(args, format, &zStart, &yStart, &xStart, &dims[0], &dims[1], &dims[2], &scaleMod))
    {
        return NULL;
    }

    Py_BEGIN_ALLOW_THREADS // Release GIL
    data = self->fns->GetNoiseSet( zStart, yStart, xStart, (int)dims[0], (int)dims[1], (int)dims[2], scaleMod );
    Py_END_ALLOW_THREADS
    
    return PyArray_SimpleNewFromData(3, dims, NPY_FLOAT32, data); // expect-warning[MOJO-OWN-101] {{'data' from}} xfail(#27): the noise set is allocated (new float[]) in a function the array's maker calls, not in the maker itself, and a buffer that is not the function's own allocation is not followed
}

// After the fix.
static PyObject *
PyFNS_GetEmptySet_fixed(PyObject *self, PyObject *args)
{
    // Make a NumPy array and return it. Note the array is empty, not zeroed.
    npy_intp dims[3] = {0, 0, 0};
    const char *format = "n|nn";
    float *data;
    PyObject *noiseArray;

    if (!PyArg_ParseTuple(args, format, &dims[0], &dims[1], &dims[2])) {
        return NULL;
    }

    printf("Empty 0\n"); fflush(NULL);
    if ((dims[1] > 0) && (dims[2] > 0)) { // 3D
        // Py_BEGIN_ALLOW_THREADS // Release GIL
        data = FastNoiseSIMD::GetEmptySet((int)dims[0], (int)dims[1], (int)dims[2]);
        // Py_END_ALLOW_THREADS
        noiseArray = PyArray_SimpleNewFromData(3, dims, NPY_FLOAT32, data);
    }
    else { // Single argument, make a 1D array
        // Py_BEGIN_ALLOW_THREADS // Release GIL
        data = FastNoiseSIMD::GetEmptySet((int)dims[0]);
        // Py_END_ALLOW_THREADS
        noiseArray = PyArray_SimpleNewFromData(1, dims, NPY_FLOAT32, data);
    }
    printf("Empty 1\n"); fflush(NULL);
    // Py_XDECREF(noiseArray);
    // Py_XINCREF(noiseArray);
    PyArray_ENABLEFLAGS((PyArrayObject *)noiseArray, NPY_ARRAY_OWNDATA);
    // PyArray_UpdateFlags((PyArrayObject *)noiseArray, 
    //         NPY_ARRAY_ALIGNED|NPY_ARRAY_CARRAY|NPY_ARRAY_OWNDATA);
    printf("Empty 2\n"); fflush(NULL);
    return noiseArray;
}

static PyObject *
PyFNS_GetNoiseSet_fixed(FNSObject *self, PyObject *args)
{
    // Make a NumPy array and return it. Note the array is empty, not zeroed.
    int xStart, yStart, zStart;
    npy_intp dims[3] = {0, 0, 0};
    float scaleMod = 1.0;
    const char *format = "iiinnn|f";
    float *data = NULL;
    PyObject *noiseArray;

    if (!PyArg_ParseTuple(args, format, &zStart, &yStart, &xStart, &dims[0], &dims[1], &dims[2], &scaleMod))
    {
        return NULL;
    }

    Py_BEGIN_ALLOW_THREADS // Release GIL
    data = self->fns->GetNoiseSet(zStart, yStart, xStart, (int)dims[0], (int)dims[1], (int)dims[2], scaleMod);
    Py_END_ALLOW_THREADS

    noiseArray = PyArray_SimpleNewFromData(3, dims, NPY_FLOAT32, data);
    PyArray_ENABLEFLAGS((PyArrayObject *)noiseArray, NPY_ARRAY_OWNDATA);
    return noiseArray;
}
