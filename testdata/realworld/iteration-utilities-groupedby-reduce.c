// From iteration_utilities (MSeifert04/iteration_utilities)
// src_c/reducegroupedby.c, PyIU_Groupby (iteration_utilities.groupedby), at
// the parent of commit 972f2cf ("fixed segfault in groupedby", 2016,
// https://github.com/MSeifert04/iteration_utilities/commit/972f2cf, merged
// with pull request https://github.com/MSeifert04/iteration_utilities/pull/104).
// With a `reduce` function, the value kept so far for a key is borrowed
// from the result dict (PyDict_GetItem, _PyDict_GetItem_KnownHash on 3.5+),
// whose slot is its only holder. After the reduce call the function
// releases it as if it owned it, and PyDict_SetItem then replaces that slot,
// which releases it again: the value is freed twice while the dict holds
// it. The fix takes a reference (Py_XINCREF) right after the lookup. The
// function is verbatim (made non-static); PYIU_CLEAR_STOPITERATION is
// _helper.c's. The stub headers define no PY_MAJOR_VERSION, so the
// PyDict_GetItem/PyDict_SetItem branch is the one analysed (the 3.5+
// branch has the same bug). The fixed function follows and is not reported.
#include <Python.h>

# define PYIU_CLEAR_STOPITERATION \
 if (PyErr_Occurred() && PyErr_ExceptionMatches(PyExc_StopIteration)) { PyErr_Clear(); }

PyObject * PyIU_Groupby(PyObject *m, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"iterable", "key", "keep", "reduce", "reducestart", NULL};

    PyObject *iterable, *key1, *key2=NULL, *iterator, *item, *val, *lst, *keep;
    PyObject *reduce=NULL, *reducestart=NULL, *reducetmp=NULL, *resdict;
    int ok;
#if PY_MAJOR_VERSION >= 3 && PY_MINOR_VERSION >= 5
    Py_hash_t hash;
#endif

    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO|OOO:groupby", kwlist,
                                     &iterable, &key1, &key2, &reduce,
                                     &reducestart)) {
        return NULL;
    }
    if (reduce == NULL && reducestart != NULL) {
        PyErr_Format(PyExc_TypeError,
                     "cannot specify `reducestart` if no `reduce` is given.");
        return NULL;
    }

    iterator = PyObject_GetIter(iterable);
    if (iterator == NULL) {
        return NULL;
    }
    resdict = PyDict_New();
    if (resdict == NULL) {
        Py_DECREF(iterator);
        return NULL;
    }

    while ( (item = (*Py_TYPE(iterator)->tp_iternext)(iterator)) ) {
        // Calculate the key for the dictionary (val)
        val = PyObject_CallFunctionObjArgs(key1, item, NULL);
        if (val == NULL) {
            Py_DECREF(item);
            goto Fail;
        }

        // Calculate the value for the dictionary (keep)
        if (key2 == NULL || key2 == Py_None) {
            keep = item;
        } else {
            keep = PyObject_CallFunctionObjArgs(key2, item, NULL);
            Py_DECREF(item);
            if (keep == NULL) {
                Py_DECREF(val);
                goto Fail;
            }
        }

#if PY_MAJOR_VERSION >= 3 && PY_MINOR_VERSION >= 5
        // Taken from dictobject.c CPython  3.5
        if (!PyUnicode_CheckExact(val) ||
                (hash = ((PyASCIIObject *) val)->hash) == -1) {
            hash = PyObject_Hash(val);
            if (hash == -1) {
                Py_DECREF(keep);
                Py_DECREF(val);
                goto Fail;
            }
        }
#endif

        // Keep all values as list
        if (reduce == NULL) {
#if PY_MAJOR_VERSION >= 3 && PY_MINOR_VERSION >= 5
            lst = _PyDict_GetItem_KnownHash(resdict, val, hash);
#else
            lst = PyDict_GetItem(resdict, val);
#endif
            if (lst == NULL) {
                lst = PyList_New(1);
                if (lst == NULL) {
                    Py_DECREF(keep);
                    Py_DECREF(val);
                    goto Fail;
                }
                PyList_SET_ITEM(lst, 0, keep);
#if PY_MAJOR_VERSION >= 3 && PY_MINOR_VERSION >= 5
                ok = _PyDict_SetItem_KnownHash(resdict, val, lst, hash);
#else
                ok = PyDict_SetItem(resdict, val, lst);
#endif
                Py_DECREF(lst);
                Py_DECREF(val);
                if (ok == -1) {
                    goto Fail;
                }
            } else {
                Py_DECREF(val);
                ok = PyList_Append(lst, keep);
                Py_DECREF(keep);
                if (ok < 0) {
                    goto Fail;
                }
            }

        // Reduce the values with a binary operation
        } else {
#if PY_MAJOR_VERSION >= 3 && PY_MINOR_VERSION >= 5
            lst = _PyDict_GetItem_KnownHash(resdict, val, hash);
#else
            lst = PyDict_GetItem(resdict, val);
#endif

            // No item yet and no starting value given: Keep the "keep".
            if (lst == NULL && reducestart == NULL) {
#if PY_MAJOR_VERSION >= 3 && PY_MINOR_VERSION >= 5
                ok = _PyDict_SetItem_KnownHash(resdict, val, keep, hash);
#else
                ok = PyDict_SetItem(resdict, val, keep);
#endif
                Py_DECREF(val);
                Py_DECREF(keep);
                if (ok == -1) {
                    goto Fail;
                }

            // Already an item present so use the binary operation.
            } else {
                if (lst == NULL) {
                    reducetmp = PyObject_CallFunctionObjArgs(reduce, reducestart, keep, NULL);
                } else {
                    reducetmp = PyObject_CallFunctionObjArgs(reduce, lst, keep, NULL);
                    Py_DECREF(lst); // expect-error[MOJO-OWN-106] {{borrowed reference 'lst' from 'PyDict_GetItem' is released by 'Py_DECREF' but this function does not own it}}
                }
                Py_DECREF(keep);
                if (reducetmp == NULL) {
                    Py_DECREF(val);
                    goto Fail;
                }
#if PY_MAJOR_VERSION >= 3 && PY_MINOR_VERSION >= 5
                ok = _PyDict_SetItem_KnownHash(resdict, val, reducetmp, hash);
#else
                ok = PyDict_SetItem(resdict, val, reducetmp);
#endif
                Py_DECREF(val);
                Py_DECREF(reducetmp);
                if (ok == -1) {
                    goto Fail;
                }
            }
        }
    }

    PYIU_CLEAR_STOPITERATION;
    Py_DECREF(iterator);

    if (PyErr_Occurred()) {
        Py_DECREF(resdict);
        return NULL;
    }

    return resdict;

Fail:
    Py_XDECREF(iterator);
    Py_XDECREF(resdict);
}

/* After the fix (972f2cf): the borrowed value is owned from the lookup on. */
PyObject * PyIU_Groupby_fixed(PyObject *m, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"iterable", "key", "keep", "reduce", "reducestart", NULL};

    PyObject *iterable, *key1, *key2=NULL, *iterator, *item, *val, *lst, *keep;
    PyObject *reduce=NULL, *reducestart=NULL, *reducetmp=NULL, *resdict;
    int ok;
#if PY_MAJOR_VERSION >= 3 && PY_MINOR_VERSION >= 5
    Py_hash_t hash;
#endif

    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO|OOO:groupby", kwlist,
                                     &iterable, &key1, &key2, &reduce,
                                     &reducestart)) {
        return NULL;
    }
    if (reduce == NULL && reducestart != NULL) {
        PyErr_Format(PyExc_TypeError,
                     "cannot specify `reducestart` if no `reduce` is given.");
        return NULL;
    }

    iterator = PyObject_GetIter(iterable);
    if (iterator == NULL) {
        return NULL;
    }
    resdict = PyDict_New();
    if (resdict == NULL) {
        Py_DECREF(iterator);
        return NULL;
    }

    while ( (item = (*Py_TYPE(iterator)->tp_iternext)(iterator)) ) {
        // Calculate the key for the dictionary (val)
        val = PyObject_CallFunctionObjArgs(key1, item, NULL);
        if (val == NULL) {
            Py_DECREF(item);
            goto Fail;
        }

        // Calculate the value for the dictionary (keep)
        if (key2 == NULL || key2 == Py_None) {
            keep = item;
        } else {
            keep = PyObject_CallFunctionObjArgs(key2, item, NULL);
            Py_DECREF(item);
            if (keep == NULL) {
                Py_DECREF(val);
                goto Fail;
            }
        }

#if PY_MAJOR_VERSION >= 3 && PY_MINOR_VERSION >= 5
        // Taken from dictobject.c CPython  3.5
        if (!PyUnicode_CheckExact(val) ||
                (hash = ((PyASCIIObject *) val)->hash) == -1) {
            hash = PyObject_Hash(val);
            if (hash == -1) {
                Py_DECREF(keep);
                Py_DECREF(val);
                goto Fail;
            }
        }
#endif

        // Keep all values as list
        if (reduce == NULL) {
#if PY_MAJOR_VERSION >= 3 && PY_MINOR_VERSION >= 5
            lst = _PyDict_GetItem_KnownHash(resdict, val, hash);
#else
            lst = PyDict_GetItem(resdict, val);
#endif
            if (lst == NULL) {
                lst = PyList_New(1);
                if (lst == NULL) {
                    Py_DECREF(keep);
                    Py_DECREF(val);
                    goto Fail;
                }
                PyList_SET_ITEM(lst, 0, keep);
#if PY_MAJOR_VERSION >= 3 && PY_MINOR_VERSION >= 5
                ok = _PyDict_SetItem_KnownHash(resdict, val, lst, hash);
#else
                ok = PyDict_SetItem(resdict, val, lst);
#endif
                Py_DECREF(lst);
                Py_DECREF(val);
                if (ok == -1) {
                    goto Fail;
                }
            } else {
                Py_DECREF(val);
                ok = PyList_Append(lst, keep);
                Py_DECREF(keep);
                if (ok < 0) {
                    goto Fail;
                }
            }

        // Reduce the values with a binary operation
        } else {
#if PY_MAJOR_VERSION >= 3 && PY_MINOR_VERSION >= 5
            lst = _PyDict_GetItem_KnownHash(resdict, val, hash);
#else
            lst = PyDict_GetItem(resdict, val);
#endif
            Py_XINCREF(lst);

            // No item yet and no starting value given: Keep the "keep".
            if (lst == NULL && reducestart == NULL) {
#if PY_MAJOR_VERSION >= 3 && PY_MINOR_VERSION >= 5
                ok = _PyDict_SetItem_KnownHash(resdict, val, keep, hash);
#else
                ok = PyDict_SetItem(resdict, val, keep);
#endif
                Py_DECREF(val);
                Py_DECREF(keep);
                if (ok == -1) {
                    goto Fail;
                }

            // Already an item present so use the binary operation.
            } else {
                if (lst == NULL) {
                    reducetmp = PyObject_CallFunctionObjArgs(reduce, reducestart, keep, NULL);
                } else {
                    reducetmp = PyObject_CallFunctionObjArgs(reduce, lst, keep, NULL);
                    Py_DECREF(lst);
                }
                Py_DECREF(keep);
                if (reducetmp == NULL) {
                    Py_DECREF(val);
                    goto Fail;
                }
#if PY_MAJOR_VERSION >= 3 && PY_MINOR_VERSION >= 5
                ok = _PyDict_SetItem_KnownHash(resdict, val, reducetmp, hash);
#else
                ok = PyDict_SetItem(resdict, val, reducetmp);
#endif
                Py_DECREF(val);
                Py_DECREF(reducetmp);
                if (ok == -1) {
                    goto Fail;
                }
            }
        }
    }

    PYIU_CLEAR_STOPITERATION;
    Py_DECREF(iterator);

    if (PyErr_Occurred()) {
        Py_DECREF(resdict);
        return NULL;
    }

    return resdict;

Fail:
    Py_XDECREF(iterator);
    Py_XDECREF(resdict);
}
