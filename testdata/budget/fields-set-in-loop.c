/*
 * A loop that sets one of several fields of an object it was handed each
 * turn, releasing what the field held (`_elementtree`'s `_setevents`:
 * `Py_XSETREF(target->start_event_obj, name)` for the events a sequence
 * names). Every combination of fields still NULL and fields holding some
 * turn's object was a state of its own, more than 1024 at the loop's head.
 * When a loop head is widened, what the function stored in the fields of
 * an object it was handed (a reference handed over, a NULL) is forgotten,
 * its owner fact given then (engine/fieldlive.c): the turns end in one
 * state, the function is checked to its end, and the leak after the loop
 * is found with no "budget" notice (budget/fields-set-in-loop.c-no-budget).
 */
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *start, *end, *start_ns, *end_ns, *comment, *pi;
} Target;

extern int name_is(const char *name, const char *what);

PyObject *set_events(Target *target, PyObject *events)
{
	Py_CLEAR(target->start);
	Py_CLEAR(target->end);
	Py_CLEAR(target->start_ns);
	Py_CLEAR(target->end_ns);
	Py_CLEAR(target->comment);
	Py_CLEAR(target->pi);

	PyObject *seq = PySequence_Fast(events, "events must be a sequence");
	if (seq == NULL)
		return NULL;
	for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq); ++i) {
		PyObject *name_obj = PySequence_Fast_GET_ITEM(seq, i);
		const char *name = NULL;
		if (PyUnicode_Check(name_obj))
			name = PyUnicode_AsUTF8(name_obj);
		else if (PyBytes_Check(name_obj))
			name = PyBytes_AS_STRING(name_obj);
		if (name == NULL) {
			Py_DECREF(seq);
			PyErr_Format(PyExc_ValueError, "invalid events sequence");
			return NULL;
		}
		Py_INCREF(name_obj);
		if (name_is(name, "start")) {
			Py_XSETREF(target->start, name_obj);
		} else if (name_is(name, "end")) {
			Py_XSETREF(target->end, name_obj);
		} else if (name_is(name, "start-ns")) {
			Py_XSETREF(target->start_ns, name_obj);
		} else if (name_is(name, "end-ns")) {
			Py_XSETREF(target->end_ns, name_obj);
		} else if (name_is(name, "comment")) {
			Py_XSETREF(target->comment, name_obj);
		} else if (name_is(name, "pi")) {
			Py_XSETREF(target->pi, name_obj);
		} else {
			Py_DECREF(name_obj);
			Py_DECREF(seq);
			PyErr_Format(PyExc_ValueError, "unknown event '%s'", name);
			return NULL;
		}
	}
	PyObject *done = PyList_New(0);
	if (done == NULL)
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'seq' from 'PySequence_Fast' is leaked on the error exit}}
	Py_DECREF(seq);
	return done;
}
