// From Meep (NanoComp/meep) python/meep.i, the %{ %} C++ block of the SWIG
// interface, as of the parent of commit e5dd124cb4 ("Fix memory leak in
// get_dft_array (#577)", Christopher Hogan, 2018; issue #575).
// _get_dft_array returns a PyArray_SimpleNewFromData array made over the
// buffer that fields::get_dft_array allocated with new[]. The array does
// not own it and nothing else frees it: each call leaked the DFT array.
// The fix lets NumPy allocate the array (PyArray_SimpleNew), copies the data
// into it and deletes the C++ buffer.
//
// _get_dft_array is verbatim before the fix and after it
// (_get_dft_array_fixed); meep::fields is reduced to the member it calls
// (declared: its body is in src/dft.cpp), meep::component, meep::dft_flux
// and dft_type's instantiation (meep.i's %template get_dft_flux_array) are
// declared here.
//
// The tool does not find the bug (xfail): the buffer comes from a member
// function of another file, and a buffer that is not the maker's own
// allocation is not followed (rules/README.md, NumPy's known limits).
// Not reported either, in the fixed version and untouched by the fix:
// PyArray_SimpleNew can fail, and its data is then read through NULL.
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <Python.h>
#include <numpy/arrayobject.h>
#include <complex>
#include <string.h>

namespace meep {
enum component { Ex, Ey, Er, Ep, Ez, Hx, Hy, Hr, Hp, Hz };
struct dft_flux { int Nfreq; };
class fields {
public:
  // src/dft.cpp: returns a new[] array of the DFT fields.
  std::complex<double> *get_dft_array(dft_flux flux, component c, int num_freq, int *rank, int dims[3]);
};
} // namespace meep

template<typename dft_type>
PyObject *_get_dft_array(meep::fields *f, dft_type dft, meep::component c, int num_freq) {
    int rank;
    int dims[3];
    std::complex<double> *dft_arr = f->get_dft_array(dft, c, num_freq, &rank, dims);

    npy_intp *arr_dims = new npy_intp[rank];
    for (int i = 0; i < rank; ++i) {
        arr_dims[i] = dims[i];
    }

    PyObject *py_arr = PyArray_SimpleNewFromData(rank, arr_dims, NPY_CDOUBLE, dft_arr);
    delete[] arr_dims;

    return py_arr; // expect-warning[MOJO-OWN-101] {{'dft_arr' from}} xfail(#27): the buffer comes from a member function of another file (fields::get_dft_array), and a buffer that is not the maker's own allocation is not followed
}

// After the fix.
template<typename dft_type>
PyObject *_get_dft_array_fixed(meep::fields *f, dft_type dft, meep::component c, int num_freq) {
    int rank;
    int dims[3];
    std::complex<double> *dft_arr = f->get_dft_array(dft, c, num_freq, &rank, dims);

    size_t length = 1;
    npy_intp *arr_dims = new npy_intp[rank];
    for (int i = 0; i < rank; ++i) {
        arr_dims[i] = dims[i];
        length *= dims[i];
    }

    PyObject *py_arr = PyArray_SimpleNew(rank, arr_dims, NPY_CDOUBLE);
    memcpy(PyArray_DATA((PyArrayObject*)py_arr), dft_arr, sizeof(std::complex<double>) * length);
    delete[] dft_arr;
    delete[] arr_dims;

    return py_arr;
}

template PyObject *_get_dft_array<meep::dft_flux>(meep::fields *, meep::dft_flux, meep::component, int);
template PyObject *_get_dft_array_fixed<meep::dft_flux>(meep::fields *, meep::dft_flux, meep::component, int);
