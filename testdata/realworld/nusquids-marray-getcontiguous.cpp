// From nuSQuIDS (arguelles/nuSQuIDS) resources/python/src/nuSQUIDSpy.h as
// of the parent of commit 5c692f7 ("decrease reference count to converted
// numpy array to avoid memory leaks", Alexander Trettin, 2021; pull request
// #23). marray_from_python, the boost.python converter from a NumPy array
// to an marray, calls PyArray_GETCONTIGUOUS in convertible and again in
// construct: it returns a new reference (the array itself with one more
// reference, or a contiguous copy), and neither function released it, so
// every array converted gained two references and was never freed. The fix
// adds Py_XDECREF(numpy_array) before convertible's last return and after
// construct's NpyIter_Deallocate.
//
// convertible and construct are verbatim before the fix (marray_from_python)
// and after it (marray_from_python_fixed); the struct's constructor, which
// registers the two with boost.python's registry, is left out. The
// boost.python storage types and marray are reduced to the members used
// (declared), and the converter is instantiated for Dim 2 as nuSQuIDS does.
//
// The tool reports the leak the fix is about in both functions: in
// convertible on the early returns (MOJO-OWN-105) with the normal return
// grouped with it (MOJO-OWN-101), in construct at its end (MOJO-OWN-101,
// grouped with the exception path). Reported and true, untouched by the
// fix: the fixed convertible still leaks the array when the dimensions or
// the type do not match (its early returns); construct leaks the array and
// the iterator when an unsupported type throws, and never tests
// NpyIter_New's result for NULL (MOJO-OWN-109, at its first use,
// NpyIter_GetIterNext).
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <Python.h>
#include <numpy/arrayobject.h>
#include <assert.h>
#include <stdint.h>
#include <stdexcept>
#include <vector>
#include <new>

namespace boost { namespace python { namespace converter {
struct rvalue_from_python_stage1_data { void *convertible; };
template <class T> struct rvalue_from_python_storage {
  rvalue_from_python_stage1_data stage1;
  union { char bytes[sizeof(T)]; } storage;
};
}}} // namespace boost::python::converter

// nuSQuIDS' marray.h, reduced.
template <typename T, unsigned int Rank> class marray {
public:
  marray();
  void resize(const std::vector<size_t> &dims);
  T *begin();
};

template<unsigned int Dim>
struct marray_from_python{
  static void* convertible(PyObject* obj_ptr){
    //accept only numpy arrays
    if(!PyArray_Check(obj_ptr))
      return(NULL);
    PyArrayObject* numpy_array=PyArray_GETCONTIGUOUS((PyArrayObject*)obj_ptr);
    unsigned int array_dim = PyArray_NDIM(numpy_array);
    //require matching dimensions
    if(array_dim!=Dim)
      return(NULL); // expect-warning[MOJO-OWN-105] {{new reference 'numpy_array' from 'PyArray_GETCONTIGUOUS' is leaked on error and normal exits}}
    NPY_TYPES type = (NPY_TYPES) PyArray_DESCR(numpy_array)->type_num;
    //require a sane type
    switch(type){
      case NPY_BOOL:
      case NPY_INT8:
      case NPY_INT16:
      case NPY_INT32:
      case NPY_INT64:
      case NPY_UINT8:
      case NPY_UINT16:
      case NPY_UINT32:
      case NPY_UINT64:
      case NPY_FLOAT32:
      case NPY_FLOAT64:
        break;
      default:
        return(NULL);
    }

    return(obj_ptr); // expect-note {{also: new reference 'numpy_array' from 'PyArray_GETCONTIGUOUS' is never released [MOJO-OWN-101]}}
  }

  static void construct(PyObject* obj_ptr, boost::python::converter::rvalue_from_python_stage1_data* data){
    PyArrayObject* numpy_array=PyArray_GETCONTIGUOUS((PyArrayObject*)obj_ptr);
    // get numpy array shape and create marray object
#ifdef NPY_1_7_API_VERSION
    npy_intp* array_shape = PyArray_SHAPE(numpy_array);
#else
    npy_intp* array_shape = PyArray_DIMS(numpy_array);
#endif
    std::vector<size_t> dimensions;

    unsigned int array_dim = PyArray_NDIM(numpy_array);
    assert(Dim == array_dim && "Non-matching array dimensions.");

    for(unsigned int i = 0; i < Dim; i++)
      dimensions.push_back(array_shape[i]);

    void* storage=((boost::python::converter::rvalue_from_python_storage<marray<double,Dim>>*)data)->storage.bytes;
    new (storage)marray<double,Dim>;
    data->convertible = storage;
    marray<double,Dim>* oarray=(marray<double,Dim>*)storage;

   oarray->resize(dimensions);
    auto it = oarray->begin();

    // create numpy iterator
    NpyIter* iter = NpyIter_New(numpy_array, NPY_ITER_READONLY|
                                NPY_ITER_EXTERNAL_LOOP|
                                NPY_ITER_REFS_OK,
                                NPY_KEEPORDER, NPY_NO_CASTING,
                                NULL);

    NpyIter_IterNextFunc* iternext = NpyIter_GetIterNext(iter, NULL); // expect-warning[MOJO-OWN-109] {{npyiter resource 'iter' from 'NpyIter_New' is passed to 'NpyIter_GetIterNext' before it is checked for NULL}}
    char** dataptr = NpyIter_GetDataPtrArray(iter);
    npy_intp* strideptr = NpyIter_GetInnerStrideArray(iter);
    npy_intp* sizeptr = NpyIter_GetInnerLoopSizePtr(iter);
    npy_intp iop, nop = NpyIter_GetNOp(iter);

    NPY_TYPES type = (NPY_TYPES) PyArray_DESCR(numpy_array)->type_num;

    do{
      char* data = *dataptr;
      npy_intp count = *sizeptr;
      npy_intp stride = *strideptr;

      while (count--){
        for (iop = 0; iop < nop; ++iop, data+=stride){
          switch(type){
            case NPY_BOOL: *it++ = *(bool*)data; break;
            case NPY_INT8: *it++ = *(int8_t*)data; break;
            case NPY_INT16: *it++ = *(int16_t*)data; break;
            case NPY_INT32: *it++ = *(int32_t*)data; break;
            case NPY_INT64: *it++ = *(int64_t*)data; break;
            case NPY_UINT8: *it++ = *(uint8_t*)data; break;
            case NPY_UINT16: *it++ = *(uint16_t*)data; break;
            case NPY_UINT32: *it++ = *(uint32_t*)data; break;
            case NPY_UINT64: *it++ = *(uint64_t*)data; break;
            case NPY_FLOAT32: *it++ = *(float*)data; break;
            case NPY_FLOAT64: *it++ = *(double*)data; break;
            default:
              throw std::runtime_error("Unsupported array data type"); // expect-warning[MOJO-OWN-105] {{new reference 'numpy_array' from 'PyArray_GETCONTIGUOUS' is leaked when the exception leaves 'marray_from_python::construct'}}
              // expect-warning[MOJO-OWN-105]@-1 {{npyiter resource 'iter' from 'NpyIter_New' is leaked when the exception leaves 'marray_from_python::construct'}}
          }
        }
      }
    } while(iternext(iter));
    NpyIter_Deallocate(iter);
  } // expect-note {{also: new reference 'numpy_array' from 'PyArray_GETCONTIGUOUS' is never released [MOJO-OWN-101]}}
};

// After the fix.
template<unsigned int Dim>
struct marray_from_python_fixed{
  static void* convertible(PyObject* obj_ptr){
    //accept only numpy arrays
    if(!PyArray_Check(obj_ptr))
      return(NULL);
    // Analogously to what is described in
    // https://docs.python.org/3/c-api/intro.html#reference-counts,
    // the call below always increases the reference count of the object by one and we 
    // are left with the responsibility to decrease the reference count when we are done
    // with it.
    PyArrayObject* numpy_array=PyArray_GETCONTIGUOUS((PyArrayObject*)obj_ptr);
    unsigned int array_dim = PyArray_NDIM(numpy_array);
    //require matching dimensions
    if(array_dim!=Dim)
      return(NULL); // expect-warning[MOJO-OWN-105] {{new reference 'numpy_array' from 'PyArray_GETCONTIGUOUS' is leaked on the error exit}}
    NPY_TYPES type = (NPY_TYPES) PyArray_DESCR(numpy_array)->type_num;
    //require a sane type
    switch(type){
      case NPY_BOOL:
      case NPY_INT8:
      case NPY_INT16:
      case NPY_INT32:
      case NPY_INT64:
      case NPY_UINT8:
      case NPY_UINT16:
      case NPY_UINT32:
      case NPY_UINT64:
      case NPY_FLOAT32:
      case NPY_FLOAT64:
        break;
      default:
        return(NULL);
    }
    // Decreasing reference count
    Py_XDECREF(numpy_array);
    return(obj_ptr);
  }

  static void construct(PyObject* obj_ptr, boost::python::converter::rvalue_from_python_stage1_data* data){
    PyArrayObject* numpy_array=PyArray_GETCONTIGUOUS((PyArrayObject*)obj_ptr);
    // get numpy array shape and create marray object
#ifdef NPY_1_7_API_VERSION
    npy_intp* array_shape = PyArray_SHAPE(numpy_array);
#else
    npy_intp* array_shape = PyArray_DIMS(numpy_array);
#endif
    std::vector<size_t> dimensions;

    unsigned int array_dim = PyArray_NDIM(numpy_array);
    assert(Dim == array_dim && "Non-matching array dimensions.");

    for(unsigned int i = 0; i < Dim; i++)
      dimensions.push_back(array_shape[i]);

    void* storage=((boost::python::converter::rvalue_from_python_storage<marray<double,Dim>>*)data)->storage.bytes;
    new (storage)marray<double,Dim>;
    data->convertible = storage;
    marray<double,Dim>* oarray=(marray<double,Dim>*)storage;

   oarray->resize(dimensions);
    auto it = oarray->begin();

    // create numpy iterator
    NpyIter* iter = NpyIter_New(numpy_array, NPY_ITER_READONLY|
                                NPY_ITER_EXTERNAL_LOOP|
                                NPY_ITER_REFS_OK,
                                NPY_KEEPORDER, NPY_NO_CASTING,
                                NULL);

    NpyIter_IterNextFunc* iternext = NpyIter_GetIterNext(iter, NULL); // expect-warning[MOJO-OWN-109] {{npyiter resource 'iter' from 'NpyIter_New' is passed to 'NpyIter_GetIterNext' before it is checked for NULL}}
    char** dataptr = NpyIter_GetDataPtrArray(iter);
    npy_intp* strideptr = NpyIter_GetInnerStrideArray(iter);
    npy_intp* sizeptr = NpyIter_GetInnerLoopSizePtr(iter);
    npy_intp iop, nop = NpyIter_GetNOp(iter);

    NPY_TYPES type = (NPY_TYPES) PyArray_DESCR(numpy_array)->type_num;

    do{
      char* data = *dataptr;
      npy_intp count = *sizeptr;
      npy_intp stride = *strideptr;

      while (count--){
        for (iop = 0; iop < nop; ++iop, data+=stride){
          switch(type){
            case NPY_BOOL: *it++ = *(bool*)data; break;
            case NPY_INT8: *it++ = *(int8_t*)data; break;
            case NPY_INT16: *it++ = *(int16_t*)data; break;
            case NPY_INT32: *it++ = *(int32_t*)data; break;
            case NPY_INT64: *it++ = *(int64_t*)data; break;
            case NPY_UINT8: *it++ = *(uint8_t*)data; break;
            case NPY_UINT16: *it++ = *(uint16_t*)data; break;
            case NPY_UINT32: *it++ = *(uint32_t*)data; break;
            case NPY_UINT64: *it++ = *(uint64_t*)data; break;
            case NPY_FLOAT32: *it++ = *(float*)data; break;
            case NPY_FLOAT64: *it++ = *(double*)data; break;
            default:
              throw std::runtime_error("Unsupported array data type"); // expect-warning[MOJO-OWN-105] {{new reference 'numpy_array' from 'PyArray_GETCONTIGUOUS' is leaked when the exception leaves 'marray_from_python_fixed::construct'}}
              // expect-warning[MOJO-OWN-105]@-1 {{npyiter resource 'iter' from 'NpyIter_New' is leaked when the exception leaves 'marray_from_python_fixed::construct'}}
          }
        }
      }
    } while(iternext(iter));
    NpyIter_Deallocate(iter);
    Py_XDECREF(numpy_array);
  }
};

template struct marray_from_python<2>;
template struct marray_from_python_fixed<2>;
