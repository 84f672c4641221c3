// From SunPy (sunpy/sunpy) sunpy/image/src/rot_extn.c, the Crotate
// extension, as of the parent of commit 91fe452ca5 ("Fixed memory leak in
// Crotate", Albert Y. Shih, 2013; pull request #462). rot_shift_scale_args
// converts its two arguments with PyArray_FROM_OTF, which returns a new
// reference (a new array, or the argument itself with one more reference),
// and never releases them: each call leaked the converted image and matrix.
// The fix releases arr1 and arr2 after affine_transform_kc, before the
// result is tested.
//
// rot_shift_scale_args is verbatim before the fix, and verbatim after it as
// rot_shift_scale_args_fixed; the types and constants of rot_extn.h and
// aff_tr.h (float input and output) are defined here, affine_transform_kc
// (in another file) is a prototype. The module uses NumPy's old names
// (NPY_CARRAY_RO, NPY_IN_ARRAY, PyArray_FLOAT32), so the deprecated API is
// left on.
//
// The tool reports the leak on the error exit (MOJO-OWN-105) and, grouped
// with it, on the normal exit (MOJO-OWN-101), the one the fix is about. It
// also reports defects the fix did not touch, in both versions: the
// converted arrays and the output array are used before any NULL test
// (MOJO-OWN-109; PyArray_FROM_OTF fails on an argument it cannot convert),
// and the output array leaks when affine_transform_kc fails (MOJO-OWN-105).
#include <Python.h>
#include <numpy/arrayobject.h>

/* rot_extn.h and transform/aff_tr.h */
#define INTYPE float            // for C decl
#define PYIN_TYPE NPY_FLOAT32   // for cast
#define OUTTYPE float            // for C decl
#define PYOUT_TYPE PyArray_FLOAT32  // for NPy decl
#define NEAREST 0
#define BILINEAR 1
#define BICUBIC 2
int affine_transform_kc(int *dims, OUTTYPE *out_arr, INTYPE *in_arr,
			double *rotscale, double *offset, int ktype,
			double interp_param, char *mode, double cval);

static PyObject *rot_shift_scale_args(PyObject *dummy, PyObject *args, PyObject *kwords) 
{
  static char *kwlist[] = {"image", "rsmat", "offset", "kernel", "cubic", "mode", "cval", NULL}; 
  PyObject *arg1 = NULL;   // image
  PyObject *arg2 = NULL;   // rot & scale
  PyObject *arr1 = NULL;   // image formatted
  PyObject *arr2 = NULL;   // rot & scale formatted

  // ## should these be const?
  double *rotscale;
  double offset[2] = {0.0, 0.0};
  int ktype = BICUBIC;        // default value 
  double interp_param = -0.5; // bicubic iterp param
  char *mode = "constant"; 
  double cval = 0.0;          // optional arg

  int dims[2];
  int ndim;
  int i;
  INTYPE *in_arr;
  
  PyObject *out1;  
  OUTTYPE *out_arr;

/* Map via physical position between C variables and Python variables
   (in kwlist) - unused ones are simply left as previously defined. */
  if (!PyArg_ParseTupleAndKeywords(args, kwords, "OO|(dd)idsd", kwlist, &arg1, &arg2, &offset[0], &offset[1], &ktype, &interp_param, &mode, &cval))
    return NULL;   //NULL says error
  
/* Make a nice numpy array using macro for PyArray_FromAny laid out
   for C access as floats and doubles.  The alignment is a bit tricky
   - sometimes you *don't* need FORCECAST, but often you do. */
// %%  arr1 = PyArray_FROM_OTF(arg1, NPY_FLOAT32, NPY_CARRAY_RO | NPY_FORCECAST);  
  arr1 = PyArray_FROM_OTF(arg1, PYIN_TYPE, NPY_CARRAY_RO | NPY_FORCECAST);  
  arr2 = PyArray_FROM_OTF(arg2, NPY_DOUBLE, NPY_IN_ARRAY); 

  // ##printf("E: type check %d %d\n",PyArray_TYPE(arr1), NPY_FLOAT32);

  // ## printf("E: Constant is %f, offset is %f %f\n", cval, offset[0], offset[1]);
  in_arr = PyArray_DATA(arr1);    // that's where the data for C is // expect-warning[MOJO-OWN-109] {{'arr1' from 'PyArray_FROM_OTF' is dereferenced before it is checked for NULL}}
  ndim = PyArray_NDIM(arr1);
  // ## printf("E: Input array has %d dimensions\n", ndim);

  for (i=0; i<ndim; i++)
  {
    //##  printf("E: Input dim %d is %d with stride %d\n",i,(int)PyArray_DIM(arr1,i),(int)PyArray_STRIDE(arr1,i));
    dims[i] = (int)PyArray_DIM(arr1,i);  // make sure alignment OK
  }
  //##printf("E: Sizeof input elements: %d\n",(int)sizeof(in_arr[0]));
  //##printf("E: Sizeof output elements: %d\n",(int)sizeof(out_arr[0]));

  rotscale = PyArray_DATA(arr2);    // set to the location of the operator matrix // expect-warning[MOJO-OWN-109] {{'arr2' from 'PyArray_FROM_OTF' is dereferenced before it is checked for NULL}}
  // ## check dims or size e.g. PyArray_SIZE(arr2))
  /*printf("E: Rotscale in order: "); 
  for (i=0; i<4; i++)
    printf(" %f", rotscale[i]);
  printf("\n");
  */

// free() ##?  - well, the whole story in doc...
// Make a new array the same size as the input array

//%%  out1 = PyArray_SimpleNew(PyArray_NDIM(arr1), PyArray_DIMS(arr1), PyArray_FLOAT32);
  out1 = PyArray_SimpleNew(PyArray_NDIM(arr1), PyArray_DIMS(arr1), PYOUT_TYPE);
  out_arr = PyArray_DATA(out1);           // this is the place for the data from C // expect-warning[MOJO-OWN-109] {{'out1' from 'PyArray_SimpleNew' is dereferenced before it is checked for NULL}}
   
//##  printf("E: ktype (interp type) %d\n", ktype);
/* Call to function that does the actual work.  This one is external. */ 
  if (affine_transform_kc(
        dims, out_arr, in_arr, 
        rotscale, 
        offset,
        ktype, interp_param, 
        mode, cval
        ) != 0)
    return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'arr1' from 'PyArray_FROM_OTF' is leaked on error and normal exits}}
    // expect-warning[MOJO-OWN-105]@-1 {{new reference 'arr2' from 'PyArray_FROM_OTF' is leaked on error and normal exits}}
    // expect-warning[MOJO-OWN-105]@-2 {{new reference 'out1' from 'PyArray_SimpleNew' is leaked on the error exit}}

  return Py_BuildValue("N", out1); // expect-note {{also: new reference 'arr1' from 'PyArray_FROM_OTF' is never released [MOJO-OWN-101]}}
  // expect-note@-1 {{also: new reference 'arr2' from 'PyArray_FROM_OTF' is never released [MOJO-OWN-101]}}
}

// After the fix.
static PyObject *rot_shift_scale_args_fixed(PyObject *dummy, PyObject *args, PyObject *kwords) 
{
  static char *kwlist[] = {"image", "rsmat", "offset", "kernel", "cubic", "mode", "cval", NULL}; 
  PyObject *arg1 = NULL;   // image
  PyObject *arg2 = NULL;   // rot & scale
  PyObject *arr1 = NULL;   // image formatted
  PyObject *arr2 = NULL;   // rot & scale formatted

  // ## should these be const?
  double *rotscale;
  double offset[2] = {0.0, 0.0};
  int ktype = BICUBIC;        // default value 
  double interp_param = -0.5; // bicubic iterp param
  char *mode = "constant"; 
  double cval = 0.0;          // optional arg

  int dims[2];
  int ndim;
  int i;
  INTYPE *in_arr;

  int result;
  PyObject *out1;  
  OUTTYPE *out_arr;

/* Map via physical position between C variables and Python variables
   (in kwlist) - unused ones are simply left as previously defined. */
  if (!PyArg_ParseTupleAndKeywords(args, kwords, "OO|(dd)idsd", kwlist, &arg1, &arg2, &offset[0], &offset[1], &ktype, &interp_param, &mode, &cval))
    return NULL;   //NULL says error
  
/* Make a nice numpy array using macro for PyArray_FromAny laid out
   for C access as floats and doubles.  The alignment is a bit tricky
   - sometimes you *don't* need FORCECAST, but often you do. */
// %%  arr1 = PyArray_FROM_OTF(arg1, NPY_FLOAT32, NPY_CARRAY_RO | NPY_FORCECAST);  
  arr1 = PyArray_FROM_OTF(arg1, PYIN_TYPE, NPY_CARRAY_RO | NPY_FORCECAST);  
  arr2 = PyArray_FROM_OTF(arg2, NPY_DOUBLE, NPY_IN_ARRAY); 

  // ##printf("E: type check %d %d\n",PyArray_TYPE(arr1), NPY_FLOAT32);

  // ## printf("E: Constant is %f, offset is %f %f\n", cval, offset[0], offset[1]);
  in_arr = PyArray_DATA(arr1);    // that's where the data for C is // expect-warning[MOJO-OWN-109] {{'arr1' from 'PyArray_FROM_OTF' is dereferenced before it is checked for NULL}}
  ndim = PyArray_NDIM(arr1);
  // ## printf("E: Input array has %d dimensions\n", ndim);

  for (i=0; i<ndim; i++)
  {
    //##  printf("E: Input dim %d is %d with stride %d\n",i,(int)PyArray_DIM(arr1,i),(int)PyArray_STRIDE(arr1,i));
    dims[i] = (int)PyArray_DIM(arr1,i);  // make sure alignment OK
  }
  //##printf("E: Sizeof input elements: %d\n",(int)sizeof(in_arr[0]));
  //##printf("E: Sizeof output elements: %d\n",(int)sizeof(out_arr[0]));

  rotscale = PyArray_DATA(arr2);    // set to the location of the operator matrix // expect-warning[MOJO-OWN-109] {{'arr2' from 'PyArray_FROM_OTF' is dereferenced before it is checked for NULL}}
  // ## check dims or size e.g. PyArray_SIZE(arr2))
  /*printf("E: Rotscale in order: "); 
  for (i=0; i<4; i++)
    printf(" %f", rotscale[i]);
  printf("\n");
  */

// free() ##?  - well, the whole story in doc...
// Make a new array the same size as the input array

//%%  out1 = PyArray_SimpleNew(PyArray_NDIM(arr1), PyArray_DIMS(arr1), PyArray_FLOAT32);
  out1 = PyArray_SimpleNew(PyArray_NDIM(arr1), PyArray_DIMS(arr1), PYOUT_TYPE);
  out_arr = PyArray_DATA(out1);           // this is the place for the data from C // expect-warning[MOJO-OWN-109] {{'out1' from 'PyArray_SimpleNew' is dereferenced before it is checked for NULL}}
   
//##  printf("E: ktype (interp type) %d\n", ktype);
/* Call to function that does the actual work.  This one is external. */ 
  result = affine_transform_kc(
        dims, out_arr, in_arr, 
        rotscale, 
        offset,
        ktype, interp_param, 
        mode, cval
        );

  Py_DECREF(arr1);
  Py_DECREF(arr2);

  if (result != 0)
    return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'out1' from 'PyArray_SimpleNew' is leaked on the error exit}}

  return Py_BuildValue("N", out1);
}
