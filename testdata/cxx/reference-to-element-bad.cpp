// As reference-to-element-good.cpp, but the element is copied: the copy's
// destructor drops a reference while the GIL is released. (Its copy
// constructor's Py_XINCREF, while the GIL is released too, is not seen:
// a copy from an element a call returns by reference is not followed.)
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
        Ref r = items[i];
        s += (double)(Py_ssize_t)r.get();   // stands in for GIL-free work on r
    } // expect-error[MOJO-BOR-203] {{'Py_XDECREF' is called while the GIL is released}}
    Py_END_ALLOW_THREADS
    return s;
}
