// A reference lost as the path enters a block that only goes on (a
// `do { ... } while (0)` macro's body in a `default:` case) is reported at
// that block's first statement: such a block has no test of its own, and
// the finding once came out with no file and line at all ("<unknown>:0:0",
// `"file": null` in JSON). Reduced from a game server's database binding
// (C++ round 108).
#include <Python.h>

void log_error(const char *msg);
#define LOG_ERROR(msg) do { log_error(msg); } while (0)
void add_name(const char *name);

int init_table(PyObject *cols, Py_ssize_t n)
{
	for (Py_ssize_t i = 0; i < n; i++) {
		PyObject *col = PyTuple_GetItem(cols, i);
		// (kept alive by `name`, a borrow of it, until that dies)
		const char *name = PyUnicode_AsUTF8(PyObject_GetAttrString(col, "name"));
		long type = PyLong_AsLong(PyObject_GetAttrString(col, "type")); // expect-warning[MOJO-OWN-101] {{new reference from 'PyObject_GetAttrString' is leaked: its last handle is lost here}}
		switch (type) {
		case 1:
			add_name(name);
			break;
		default:
			LOG_ERROR("unknown type"); // expect-warning[MOJO-OWN-101] {{new reference from 'PyObject_GetAttrString' is leaked: its last handle is lost here}}
			return -1;
		}
	}
	return 0;
}
