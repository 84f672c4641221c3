/*
 * Many integer parameters, each tested once (_posixsubprocess's
 * child_exec: file descriptors, flags, `close_fds`, `restore_signals`,
 * ...), made one state per combination of outcomes, 2^n: the value a
 * parameter had on entry was kept to the end of every path for the
 * summary, though a summary reads nothing of an integer's, and parameters'
 * values did not join. An integer parameter's entry value now stays only
 * while something holds it, and joins as a local's does (engine/join.c).
 * The leaks past the tests are found (the second only on paths the walk
 * reaches last), and no "budget" notice is made (the CLI test
 * budget/int-params.c-no-budget checks that).
 */
#include <Python.h>

extern void note(int which);
extern int finish(void);

PyObject *spawn_like(PyObject *self, int p2cread, int p2cwrite, int c2pread,
		     int c2pwrite, int errread, int errwrite, int close_fds,
		     int restore_signals, int call_setsid, int pgid_to_set,
		     int umask_to_set)
{
	PyObject *t = PyLong_FromLong(1001);
	if (t == NULL)
		return NULL;
	if (p2cread)
		note(0);
	if (p2cwrite)
		note(1);
	if (c2pread)
		note(2);
	if (c2pwrite)
		note(3);
	if (errread)
		note(4);
	if (errwrite)
		note(5);
	if (close_fds)
		note(6);
	if (restore_signals)
		note(7);
	if (call_setsid)
		note(8);
	if (pgid_to_set)
		note(9);
	if (umask_to_set)
		note(10);
	if (finish() < 0)
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 't' from 'PyLong_FromLong' is leaked on the error exit}}
	// Only where the first test failed: among the last paths the walk
	// reaches, past the budget before.
	if (!p2cread) {
		PyObject *u = PyLong_FromLong(1003);
		if (u == NULL) {
			Py_DECREF(t);
			return NULL;
		}
		note(11);
	}
	Py_DECREF(t);
	Py_RETURN_NONE; // expect-warning[MOJO-OWN-101] {{new reference 'u' from 'PyLong_FromLong' is never released}}
}
