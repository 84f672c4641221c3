// A plain function of a header next to the file (a unity build's, not
// `static`, not `inline`) gets a summary as the file's own functions do:
// set_error returns NULL, and so does set_db_error through it, so a
// discarded result leaks nothing. The old reading took set_db_error's
// result for a new reference (24 false leaks in one project).
// expect-no-diagnostics
#include "unity.h"

static PyObject *Error;
int db_ecode(void *db);
const char *db_errmsg(int ecode);
int db_next(void *db);

PyObject *set_db_error(void *db, const char *key)
{
	int ecode = db_ecode(db);
	if (key && ecode == 22)
		return set_key_error(key);
	return set_error(Error, db_errmsg(ecode));
}

PyObject *iter_next(void *db)
{
	if (!db_next(db)) {
		set_db_error(db, NULL);
		return NULL;
	}
	return PyLong_FromLong(1);
}
