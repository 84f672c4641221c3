/*
 * buffer.c — the `buffer` kind: Py_buffer views.
 *
 *   (untracked) --PyObject_GetBuffer(o, &view, f) == 0--> held
 *   (untracked) --PyArg_ParseTuple(args, "y*", &view) true--> held
 *   held --PyBuffer_Release(&view)--> released
 *   held --return / goto error--> [MOJO-OWN-101 / 105]
 *   released --PyBuffer_Release(&view)--> released (a no-op: the first
 *     release set view.obj = NULL)
 *   released --PyBuffer_Release(&copy), a copy of the view--> [MOJO-OWN-104]
 *   view.buf, view.shape, view.strides, view.obj: borrows of the view;
 *     used after the release --> [MOJO-BOR-201]
 *   requested without PyBUF_WRITABLE, written through view.buf
 *     --> [MOJO-BOR-205]
 *
 * The view lives in a local `Py_buffer`: the engine follows `&view` to the
 * resource held in the variable.
 */
#include "sm.h"

const ol_sm ol_sm_buffer = {
	.kind = "buffer",
	.noun = "buffer view",
	.escape_on_unknown_call = false,
	.rerelease_noop = true,
};
