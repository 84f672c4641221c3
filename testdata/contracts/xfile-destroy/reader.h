// A reader over a Python file object: it keeps its user data with the
// function that frees it (xfile-destroy, testdata/meson.build).
#include <Python.h>

typedef struct reader {
	void *user;
	int little_endian;
	void (*free_user)(void *user);
} reader;

reader *reader_open(void *user, int little_endian, void (*free_user)(void *));
void reader_close(reader *r);
void free_python_decref(void *user);
