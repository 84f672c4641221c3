// A reference bound to an element a container returns by reference
// (`Ref &r = items[i]`, mahotas' `aligned_array<double> &cur = pyramid[o]`,
// `operator[]` returning `std::vector<Ref>::reference`): no object is
// made, so no destructor runs, and no reference count changes while the
// GIL is released.
// expect-no-diagnostics
#include <Python.h>
#include <vector>

struct Ref {                       // RAII owner of one reference
    PyObject *o;
    explicit Ref(PyObject *p) : o(p) { Py_XINCREF(o); }
    Ref(const Ref &r) : o(r.o) { Py_XINCREF(o); }
    ~Ref() { Py_XDECREF(o); }
    PyObject *get() const { return o; }
};

static double total(std::vector<Ref> &items)
{
    double s = 0;
    Py_BEGIN_ALLOW_THREADS
    for (size_t i = 0; i < items.size(); ++i) {
        Ref &r = items[i];          // reference binding: no copy, no destructor
        s += (double)(Py_ssize_t)r.get();   // stands in for GIL-free work on r
    }
    Py_END_ALLOW_THREADS
    return s;
}
