// From LinuxCNC (LinuxCNC/linuxcnc) src/hal/halmodule.cc at the parent of
// commit a2fb3ba ("Fix python crash due to missing Py_None reference
// counting increase", https://github.com/LinuxCNC/linuxcnc/pull/3851):
// methods of the hal component return Py_None, a reference they do not
// own, where the interpreter expects a new one; every call drops None's
// count by one until the interpreter aborts. HAL's C functions are
// declared, not included; the functions and the method table are verbatim
// (the table keeps only the methods shown).
#include <Python.h>
#include <stdlib.h>
#include <string.h>

extern "C" int hal_ready(int comp_id);
extern "C" int hal_unready(int comp_id);

#define EXCEPTION_IF_NOT_LIVE(retval) do { \
    if(self->hal_id <= 0) { \
        PyErr_SetString(PyExc_RuntimeError, "Invalid operation on closed HAL component"); \
	return retval; \
    } \
} while(0)

typedef struct halobject {
        PyObject_HEAD
    int hal_id;
    char *name;
    char *prefix;
} halobject;

PyObject *pyhal_error_type = NULL;

static PyObject *pyhal_error(int code) {
    PyErr_SetString(pyhal_error_type, strerror(-code));
    return NULL;
}

static PyObject *pyhal_ready(PyObject *_self, PyObject * /*o*/) {
    // hal_ready did not exist in EMC 2.0.x, make it a no-op
    halobject *self = reinterpret_cast<halobject *>(_self);
    EXCEPTION_IF_NOT_LIVE(NULL);
    int res = hal_ready(self->hal_id);
    if(res) return pyhal_error(res);
    return Py_None; // expect-error[MOJO-OWN-107] {{borrowed reference 'Py_None' is returned but callers expect a new reference}}
}

static PyObject *pyhal_unready(PyObject *_self, PyObject * /*o*/) {
    // hal_ready did not exist in EMC 2.0.x, make it a no-op
    halobject *self = reinterpret_cast<halobject *>(_self);
    EXCEPTION_IF_NOT_LIVE(NULL);
    int res = hal_unready(self->hal_id);
    if(res) return pyhal_error(res);
    return Py_None; // expect-error[MOJO-OWN-107] {{borrowed reference 'Py_None' is returned but callers expect a new reference}}
}

static PyObject *pyhal_get_prefix(PyObject *_self, PyObject *args) {
    halobject* self = reinterpret_cast<halobject*>(_self);
    if(!PyArg_ParseTuple(args, "")) return NULL;
    EXCEPTION_IF_NOT_LIVE(NULL);

    if(!self->prefix)
	return Py_None; // expect-error[MOJO-OWN-107] {{borrowed reference 'Py_None' is returned but callers expect a new reference}}

    return PyUnicode_FromString(self->prefix);
}

static PyObject *pyhal_set_prefix(PyObject *_self, PyObject *args) {
    char *newprefix;
    halobject* self = reinterpret_cast<halobject*>(_self);
    if(!PyArg_ParseTuple(args, "s", &newprefix)) return NULL;
    EXCEPTION_IF_NOT_LIVE(NULL);

    if(self->prefix)
        free(self->prefix);
    self->prefix = strdup(newprefix);

    if(!self->prefix) {
        PyErr_SetString(PyExc_MemoryError, "strdup(prefix) failed");
        return NULL;
    }

    return Py_None; // expect-error[MOJO-OWN-107] {{borrowed reference 'Py_None' is returned but callers expect a new reference}}
}

static PyMethodDef hal_methods[] = {
    {"setprefix", pyhal_set_prefix, METH_VARARGS,
        "Set the prefix for newly created pins and parameters"},
    {"getprefix", pyhal_get_prefix, METH_VARARGS,
        "Get the prefix for newly created pins and parameters"},
    {"ready", pyhal_ready, METH_NOARGS,
        "Call hal_ready"},
    {"unready", pyhal_unready, METH_NOARGS,
        "Call hal_unready"},
    {},
};

PyMethodDef *hal_component_methods(void) { return hal_methods; }
