// ARGS: --no-group
// A loop's turns (issue 16): the same steps over and over are shown once,
// with their count. (--no-group: the normal exit's leak is its own finding
// here, with the path that goes around the loop.)
#include <Python.h>

int t_one_step(PyObject *seq)
{
	PyObject *acc = PyList_New(0); // expect-note 2 {{'acc': new reference returned by 'PyList_New'}}
	if (acc == NULL) // expect-note 2 {{assuming 'acc == NULL' is false}}
		return -1;
	for (int i = 0; i < 3; i++)
		if (PyObject_Size(seq) < i) // expect-note {{assuming 'PyObject_Size(seq) < i' is true}} expect-note {{assuming 'PyObject_Size(seq) < i' is false (3 times)}}
			return -1; // expect-warning[MOJO-OWN-105] {{new reference 'acc' from 'PyList_New' is leaked on the error exit}} expect-note {{returning an error with 'acc' still owned}}
	return 0; // expect-warning[MOJO-OWN-101] {{new reference 'acc' from 'PyList_New' is never released}} expect-note {{returning with 'acc' still owned}}
}

int t_two_steps(PyObject *a, PyObject *b)
{
	PyObject *acc = PyList_New(0); // expect-note 2 {{'acc': new reference returned by 'PyList_New'}}
	if (acc == NULL) // expect-note 2 {{assuming 'acc == NULL' is false}}
		return -1;
	for (int i = 0; i < 3; i++) {
		if (PyObject_Size(a) < i) // expect-note {{assuming 'PyObject_Size(a) < i' is true}} expect-note {{assuming 'PyObject_Size(a) < i' is false}}
			return -1; // expect-warning[MOJO-OWN-105] {{new reference 'acc' from 'PyList_New' is leaked on the error exit}} expect-note {{returning an error with 'acc' still owned}}
		if (PyObject_Size(b) < i) // expect-note {{assuming 'PyObject_Size(b) < i' is false (these 2 steps 3 times)}}
			return -2;
	}
	return 0; // expect-warning[MOJO-OWN-101] {{new reference 'acc' from 'PyList_New' is never released}} expect-note {{returning with 'acc' still owned}}
}
