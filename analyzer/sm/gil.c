/*
 * gil.c — the `gil` kind: a thread state saved while the GIL is released,
 * and PyGILState_Ensure tokens.
 *
 *   GIL held --PyEval_SaveThread / Py_BEGIN_ALLOW_THREADS--> released;
 *       the saved thread state is owned
 *   released --PyEval_RestoreThread(_save) / Py_END_ALLOW_THREADS--> held
 *   released --return / goto out of the block--> [MOJO-OWN-101 / 105]
 *   released --Python C-API call not documented GIL-free--> [MOJO-BOR-203]
 *   PyGILState_Ensure --> held, token owned;
 *       PyGILState_Release(token) --> the state before Ensure
 *
 * Which functions are safe without the GIL is data (`gil_free` in the
 * rules files).
 */
#include "sm.h"

const ol_sm ol_sm_gil = {
	.kind = "gil",
	.noun = "thread state (GIL released)",
	.escape_on_unknown_call = false,
};
