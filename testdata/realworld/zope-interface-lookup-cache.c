// From zope.interface (zopefoundation/zope.interface)
// src/zope/interface/_zope_interface_coptimizations.c, LookupBase's
// _lookup with its _getcache/_subcache helpers, as of the parent of commit
// 5696d9a ("Fix free-threaded Python 3.14t support in C extension", refs
// https://github.com/zopefoundation/zope.interface/issues/332). `cache` is
// a dict borrowed from self->_cache (PyDict_GetItem of a dict of dicts).
// On a miss _lookup calls the Python method `_uncached_lookup`, and any
// Python code may call `changed()`, which clears self->_cache and frees
// the borrowed dict; PyDict_SetItem then stores into it (MOJO-BOR-206). The
// file's own comment already warns that a lazy `required` "could have
// arbitrary side-effects, such as clearing our caches". The fix makes
// _subcache/_getcache return strong references (PyDict_GetItemRef) and
// holds the cache across the call. The three functions are verbatim
// (_lookup made non-static so it is analyzed on its own);
// LookupBase is reduced to its cache fields, and `str_uncached_lookup` is
// the module's interned method name. The tool also reports the leak of
// `required` when _getcache fails (MOJO-OWN-105), still present after the
// fix.
#include <Python.h>

#define OBJECT(O) ((PyObject*)(O))

#define ASSURE_DICT(N)                                                         \
    if (N == NULL) {                                                           \
        N = PyDict_New();                                                      \
        if (N == NULL)                                                         \
            return NULL;                                                       \
    }

typedef struct
{
    PyObject_HEAD
    PyObject* _cache;
    PyObject* _mcache;
    PyObject* _scache;
} LB;

static PyObject *str_uncached_lookup;

/* not in the stub Python.h */
PyObject *PySequence_Tuple(PyObject *o);
PyObject *PyObject_CallMethodObjArgs(PyObject *obj, PyObject *name, ...);

static PyObject*
_subcache(PyObject* cache, PyObject* key)
{
    PyObject* subcache;

    subcache = PyDict_GetItem(cache, key);
    if (subcache == NULL) {
        int status;

        subcache = PyDict_New();
        if (subcache == NULL)
            return NULL;
        status = PyDict_SetItem(cache, key, subcache);
        Py_DECREF(subcache);
        if (status < 0)
            return NULL;
    }

    return subcache;
}

static PyObject*
_getcache(LB* self, PyObject* provided, PyObject* name)
{
    PyObject* cache;

    ASSURE_DICT(self->_cache);

    cache = _subcache(self->_cache, provided);
    if (cache == NULL)
        return NULL;

    if (name != NULL && PyObject_IsTrue(name))
        cache = _subcache(cache, name);

    return cache;
}

/*
    def lookup(self, required, provided, name=u'', default=None):
        cache = self._getcache(provided, name)
        if len(required) == 1:
            result = cache.get(required[0], _not_in_mapping)
        else:
            result = cache.get(tuple(required), _not_in_mapping)

        if result is _not_in_mapping:
            result = self._uncached_lookup(required, provided, name)
            if len(required) == 1:
                cache[required[0]] = result
            else:
                cache[tuple(required)] = result

        if result is None:
            return default

        return result
*/

PyObject*
_lookup(LB* self,
        PyObject* required,
        PyObject* provided,
        PyObject* name,
        PyObject* default_)
{
    PyObject *result, *key, *cache;
    result = key = cache = NULL;
    if (name && !PyUnicode_Check(name)) {
        PyErr_SetString(PyExc_ValueError, "name is not a string");
        return NULL;
    }

    /* If `required` is a lazy sequence, it could have arbitrary side-effects,
       such as clearing our caches. So we must not retrieve the cache until
       after resolving it. */
    required = PySequence_Tuple(required);
    if (required == NULL)
        return NULL;

    cache = _getcache(self, provided, name);
    if (cache == NULL)
        return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'required' from 'PySequence_Tuple' is leaked on the error exit}}

    if (PyTuple_GET_SIZE(required) == 1)
        key = PyTuple_GET_ITEM(required, 0);
    else
        key = required;

    result = PyDict_GetItem(cache, key);
    if (result == NULL) {
        int status;

        result = PyObject_CallMethodObjArgs(
          OBJECT(self), str_uncached_lookup, required, provided, name, NULL);
        if (result == NULL) {
            Py_DECREF(required);
            return NULL;
        }
        status = PyDict_SetItem(cache, key, result); // expect-warning[MOJO-BOR-206] {{'cache'}} xfail(#13): the dict is borrowed through the file's own helper _getcache (a field's dict of dicts), and neither a borrow a helper returns nor a field's container is invalidated by the Python call in between
        Py_DECREF(required);
        if (status < 0) {
            Py_DECREF(result);
            return NULL;
        }
    } else {
        Py_INCREF(result);
        Py_DECREF(required);
    }

    if (result == Py_None && default_ != NULL) {
        Py_DECREF(Py_None);
        Py_INCREF(default_);
        return default_;
    }

    return result;
}
