/*
 * A coder that builds its output codes bit by bit (audioop's ADPCM coders,
 * pygame's and Pillow's pixel loops: `delta = 4; ... delta |= 2; ...
 * *out++ = delta;`) made one state per exact value of each code, and the
 * codes of one turn multiplied: the function hit the state budget, though
 * the codes only go into bytes stored through a pointer, memory the engine
 * does not model, and no branch ever reads them. An integer whose value
 * can no longer reach a decision is forgotten at block entry
 * (engine/relevance.c), so the states join again. `step`, tested each
 * turn, keeps its values. The leak past the loop is found, and no
 * "budget" notice is made (the CLI test budget/irrelevant-ints.c-no-budget
 * checks that).
 */
#include <Python.h>

extern int finish(void);

PyObject *encode_like(PyObject *self, const int *in, Py_ssize_t n,
		      unsigned char *out)
{
	PyObject *t = PyLong_FromLong(1001);
	if (t == NULL)
		return NULL;
	int step = 7;
	for (Py_ssize_t i = 0; i < n; i++) {
		int a = in[2 * i], b = in[2 * i + 1];
		int da = 0, db = 0;
		if (a >= step)
			da = 4;
		if (a >= step / 2)
			da |= 2;
		if (a >= step / 4)
			da |= 1;
		if (b >= step)
			db = 4;
		if (b >= step / 2)
			db |= 2;
		if (b >= step / 4)
			db |= 1;
		if (a < 0)
			da |= 8;
		if (b < 0)
			db |= 8;
		out[2 * i] = (unsigned char)(da << 4);
		out[2 * i + 1] = (unsigned char)(db << 4);
		if (step > 100)
			step = 7;
	}
	if (finish() < 0)
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 't' from 'PyLong_FromLong' is leaked on the error exit}}
	Py_DECREF(t);
	Py_RETURN_NONE;
}
