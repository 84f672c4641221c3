/* Helpers defined in helpers.c and methods.c, used by module.c. Nothing
 * here says what they do to references: their bodies do (issue #11). */
#include <Python.h>

PyObject *cache_get(const char *name); // borrowed from the cache
int cache_adopt(PyObject *o);          // steals o
PyObject *raise_bad(const char *what); // always NULL, with an exception
PyObject *node_get_name(PyObject *self, void *closure);
void *arena_alloc(size_t n);           // memory the arena owns
