// From gevent (gevent/gevent) gevent/callbacks.c, gevent_callback, as of
// the parent of commit 85543b2c ("fix crash in core", 2011). libev calls
// gevent_callback for every watcher; it reads the watcher's `args` tuple
// from its field without a reference of its own and calls the user's
// callback with it. The callback may clear `watcher.args` (assign it, or
// call watcher.stop(), which sets it to None), dropping the last reference
// to the tuple the call is still using; afterwards the function also
// writes the events slot back through `watcher->args` read again, which by
// then may be None. The fix's own comment: "The callback can clear
// watcher->args and thus drop reference of args to zero; that's why we
// need to incref args above"; it takes a reference and restores the slot
// through its local. gevent_callback and gevent_check_signals are
// verbatim, with the fixed gevent_callback after them (renamed); the
// watcher struct Cython generates for `cdef public class timer`
// (core_.pyx's WATCHER_BASE: loop, _callback, public tuple args, _incref,
// the libev watcher) is reduced to those fields, libev's parts to the
// macros used, and gevent_handle_error and gevent_stop (which call into
// the Cython module's vtable) are declared. PyInt_FromLong is Python 2's.
#include <Python.h>
#include <stddef.h>

#define PyInt_FromLong PyLong_FromLong

int PyErr_CheckSignals(void); /* (not in the test headers) */

/* libev (ev.h), reduced. */
struct ev_loop;
struct ev_timer { int active; int pending; int priority; void *data; void *cb; double at; double repeat; };
#define EV_READ 0x01
#define EV_WRITE 0x02
#define ev_is_active(w) (0 + ((struct ev_timer *)(void *)(w))->active)

/* Cython's module globals (core_.pyx). */
extern PyObject *__pyx_empty_tuple;
extern PyObject *__pyx_v_6gevent_4core_GEVENT_CORE_EVENTS;
#define GEVENT_CORE_EVENTS __pyx_v_6gevent_4core_GEVENT_CORE_EVENTS

/* The structs Cython generates for `cdef public class loop` and `timer`. */
struct PyGeventLoopObject;
struct PyGeventTimerObject {
    PyObject_HEAD
    void *__pyx_vtab;
    struct PyGeventLoopObject *loop;
    PyObject *_callback;
    PyObject *args;
    int _incref;
    struct ev_timer _watcher;
};

static void gevent_handle_error(struct PyGeventLoopObject* loop, PyObject* where);
static void gevent_stop(struct PyGeventTimerObject* watcher);

static inline void gevent_check_signals(struct PyGeventLoopObject* loop) {
    PyErr_CheckSignals();
    if (PyErr_Occurred()) gevent_handle_error(loop, Py_None);
}

#ifdef WITH_THREAD
#define GIL_ENSURE  PyGILState_STATE ___save = PyGILState_Ensure();
#define GIL_RELEASE  PyGILState_Release(___save);
#else
#define GIL_ENSURE
#define GIL_RELEASE
#endif

#define timer_offsetof offsetof(struct PyGeventTimerObject, _watcher)

void gevent_callback(struct ev_loop *_loop, void *c_watcher, int revents) {
    struct PyGeventTimerObject *watcher;
    PyObject *result, *py_events, *args;
    long length;
    GIL_ENSURE;
    /* we use this callback for all watchers, not just timer
     * we can do this, because layout of struct members is the same for all watchers */
    watcher = ((struct PyGeventTimerObject *)(((char *)c_watcher) - timer_offsetof));
    Py_INCREF((PyObject*)watcher);
    gevent_check_signals(watcher->loop);
    args = watcher->args;
    if (args == Py_None) {
        args = __pyx_empty_tuple;
    }
    length = PyTuple_Size(args);
    if (length < 0) {
        gevent_handle_error(watcher->loop, (PyObject*)watcher);
        goto end;
    }
    if (length > 0 && PyTuple_GET_ITEM(args, 0) == GEVENT_CORE_EVENTS) {
        py_events = PyInt_FromLong(revents);
        if (!py_events) {
            gevent_handle_error(watcher->loop, (PyObject*)watcher);
            goto end;
        }
        Py_DECREF(GEVENT_CORE_EVENTS);
        PyTuple_SET_ITEM(args, 0, py_events);
    }
    else {
        py_events = NULL;
    }
    /* no need to incref 'args'; PyEval_EvalCodeEx which eventually will be called will
     * increase the reference of every element in args*/
    result = PyObject_Call(watcher->_callback, args, NULL); // expect-warning[MOJO-BOR-206] {{'args'}} xfail(#13): `args` is read from a field of the watcher without a reference and given to PyObject_Call itself, whose callback may assign watcher.args (a Cython `public` attribute; stop() sets it to None) and free the tuple; a field's pointer given to the call itself is checked only as a comparison's operand, and the functions that assign the field (Cython's generated setter and stop()) are not in this file
    if (result) {
        Py_DECREF(result);
    }
    else {
        gevent_handle_error(watcher->loop, (PyObject*)watcher);
        if (revents & (EV_READ|EV_WRITE)) {
            /* this was an 'io' watcher: not stopping it will likely to cause the failing callback to be called repeatedly */
            gevent_stop(watcher);
        }
    }
    if (py_events) {
        Py_DECREF(py_events);
        Py_INCREF(GEVENT_CORE_EVENTS);
        PyTuple_SET_ITEM(watcher->args, 0, GEVENT_CORE_EVENTS);
    }
    if (!ev_is_active(c_watcher)) {
        /* watcher will never be run again: calling stop() will clear 'callback' and 'args' */
        gevent_stop(watcher);
    }
end:
    Py_DECREF((PyObject*)watcher);
    GIL_RELEASE;
}

/* After the fix (85543b2c). */
void gevent_callback_fixed(struct ev_loop *_loop, void *c_watcher, int revents) {
    struct PyGeventTimerObject *watcher;
    PyObject *result, *py_events, *args;
    long length;
    py_events = 0;
    GIL_ENSURE;
    /* we use this callback for all watchers, not just timer
     * we can do this, because layout of struct members is the same for all watchers */
    watcher = ((struct PyGeventTimerObject *)(((char *)c_watcher) - timer_offsetof));
    Py_INCREF((PyObject*)watcher);
    gevent_check_signals(watcher->loop);
    args = watcher->args;
    if (args == Py_None) {
        args = __pyx_empty_tuple;
    }
    Py_INCREF(args);
    length = PyTuple_Size(args);
    if (length < 0) {
        gevent_handle_error(watcher->loop, (PyObject*)watcher);
        goto end;
    }
    if (length > 0 && PyTuple_GET_ITEM(args, 0) == GEVENT_CORE_EVENTS) {
        py_events = PyInt_FromLong(revents);
        if (!py_events) {
            gevent_handle_error(watcher->loop, (PyObject*)watcher);
            goto end;
        }
        Py_DECREF(GEVENT_CORE_EVENTS);
        PyTuple_SET_ITEM(args, 0, py_events);
    }
    else {
        py_events = NULL;
    }
    /* The callback can clear watcher->args and thus drop reference of args to zero;
     * that's why we need to incref args above. */
    result = PyObject_Call(watcher->_callback, args, NULL);
    if (result) {
        Py_DECREF(result);
    }
    else {
        gevent_handle_error(watcher->loop, (PyObject*)watcher);
        if (revents & (EV_READ|EV_WRITE)) {
            /* this was an 'io' watcher: not stopping it will likely to cause the failing callback to be called repeatedly */
            gevent_stop(watcher);
            goto end;
        }
    }
    if (!ev_is_active(c_watcher)) {
        /* watcher will never be run again: calling stop() will clear 'callback' and 'args' */
        gevent_stop(watcher);
    }
end:
    if (py_events) {
        Py_DECREF(py_events);
        Py_INCREF(GEVENT_CORE_EVENTS);
        PyTuple_SET_ITEM(args, 0, GEVENT_CORE_EVENTS);
    }
    Py_DECREF((PyObject*)watcher);
    Py_DECREF(args);
    GIL_RELEASE;
}
