/*
 * A helper that parses the caller's argument tuple with "O" into a struct
 * the caller handed in leaves views of the tuple's items there, as
 * PyTuple_GET_ITEM of it would: a tuple never drops its items, and the
 * caller frees the struct before it returns. Reduced from stcal's
 * slope_fitter.c (get_ramp_data_parse()).
 */
// expect-no-diagnostics
#include <Python.h>
#include <stdlib.h>

struct ramp_data {
	PyObject *gain;
	PyObject *rnoise;
	unsigned int save_opt;
};

static int parse(PyObject **main, struct ramp_data *rd, PyObject *args)
{
	if (!PyArg_ParseTuple(args, "OOOI", main, &rd->gain, &rd->rnoise,
			      &rd->save_opt))
		return 1;
	return 0;
}

PyObject *fitter(PyObject *module, PyObject *args)
{
	PyObject *main = NULL, *res;
	struct ramp_data *rd = calloc(1, sizeof(*rd));
	(void)module;
	if (rd == NULL)
		return PyErr_NoMemory();
	if (parse(&main, rd, args)) {
		free(rd);
		return NULL;
	}
	res = PyNumber_Add(rd->gain, rd->rnoise);
	free(rd);
	return res;
}
