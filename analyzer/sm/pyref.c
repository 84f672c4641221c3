/*
 * pyref.c — the `pyref` kind: references to Python objects.
 *
 *   (untracked) --new-reference API (PyLong_FromLong...)--> owned x1
 *   parameter, GetItem result, "O" format --> borrowed
 *   borrowed --Py_INCREF / Py_NewRef--> owned x1 (object kept alive by
 *       its owner too: dropping back to zero returns to borrowed)
 *   owned xN --Py_INCREF--> owned xN+1;  --Py_DECREF--> owned xN-1
 *   owned x1 --Py_DECREF--> released;  --stealing call--> moved
 *   owned --return--> transferred to the caller;  --store into field,
 *       global, container--> escaped (checked by MOJO-OWN-110)
 *   borrowed --Py_DECREF / stealing call--> [MOJO-OWN-106]
 *   borrowed --returned from a new-reference function--> [MOJO-OWN-107]
 *   released --Py_DECREF--> [MOJO-OWN-104];  --use--> [MOJO-OWN-103]
 *   moved --Py_DECREF, steal, return--> [MOJO-OWN-102]
 *   owned (maybe NULL) --deref, Py_DECREF--> [MOJO-OWN-109]
 *   owned --error exit--> [MOJO-OWN-105];  --other exit--> [MOJO-OWN-101]
 *
 * Which API does what is data (rules/cpython-*.json). Unknown callees
 * borrow the references they are given (SPEC §4): a handle passed to them
 * stays owned by the caller.
 */
#include "sm.h"

const ol_sm ol_sm_pyref = {
	.kind = "pyref",
	.noun = "new reference",
	.escape_on_unknown_call = false,
};
