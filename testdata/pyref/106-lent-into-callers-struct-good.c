/*
 * A helper puts the objects it was lent into a plain struct its caller
 * keeps on the stack (a finder, a parse state): what the caller lent goes
 * back into the caller's own struct, so the helper borrows them, and the
 * caller's own references stay its own to release. A helper that pays
 * for what it keeps with Py_INCREF borrows too.
 */
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	PyObject *md;
	PyObject *identity;
	Py_hash_t hash;
} finder_t;

static int init_finder(PyObject *md, PyObject *identity, finder_t *f)
{
	f->md = md;
	f->identity = identity;
	f->hash = PyObject_Hash(identity);
	if (f->hash == -1)
		return -1;
	return 0;
}

int get_all(PyObject *md, PyObject *key, PyObject **ret)
{
	finder_t f = {0};
	*ret = NULL;
	PyObject *identity = PyObject_Str(key);
	if (identity == NULL)
		return -1;
	if (init_finder(md, identity, &f) < 0) {
		Py_DECREF(identity);
		return -1;
	}
	*ret = PyList_New(0);
	Py_DECREF(identity);
	return *ret != NULL;
}

typedef struct {
	PyObject *callback;
} state_t;

static void set_callback(state_t *st, PyObject *cb)
{
	st->callback = cb;
	Py_INCREF(cb);
}

void clear_state(state_t *st)
{
	Py_CLEAR(st->callback);
}

int start(state_t *st, PyObject *cb)
{
	set_callback(st, cb);
	return 0;
}

/*
 * A field some function of the file releases holds a reference of its
 * own: storing into it hands the reference over (a writer given its
 * buffer, later finished or cleared).
 */
typedef struct {
	PyObject *buffer;
	Py_ssize_t pos;
} writer_t;

static void writer_init_with_buffer(writer_t *w, PyObject *buffer)
{
	w->buffer = buffer;
	w->pos = 0;
}

static void writer_dealloc(writer_t *w)
{
	Py_CLEAR(w->buffer);
}

static PyObject *writer_finish(writer_t *w)
{
	PyObject *r = w->buffer;
	w->buffer = NULL;
	return r;
}

PyObject *decode(Py_ssize_t size, int fail)
{
	writer_t w;
	PyObject *u = PyList_New(size);
	if (u == NULL)
		return NULL;
	writer_init_with_buffer(&w, u);
	if (fail) {
		writer_dealloc(&w);
		return NULL;
	}
	return writer_finish(&w);
}

/* The same through a field typed as the object's own struct, by a static
 * helper (multidict's `md_init_finder(md, identity, &finder)` with a
 * `MultiDictObject *md` field). */
typedef struct {
	PyObject_HEAD
	long version;
} MultiDictObject;

typedef struct {
	MultiDictObject *md;
	long version;
	Py_hash_t hash;
} md_finder_t;

static inline int md_init_finder(MultiDictObject *md, PyObject *identity,
				 md_finder_t *f)
{
	f->version = md->version;
	f->md = md;
	f->hash = PyObject_Hash(identity);
	if (f->hash == -1)
		return -1;
	return 0;
}

static inline void md_finder_cleanup(md_finder_t *f)
{
	if (f->md == NULL)
		return;
	f->md = NULL;
}

static int md_get_all(MultiDictObject *md, PyObject *key, PyObject **ret)
{
	md_finder_t finder = {0};
	*ret = NULL;
	if (md_init_finder(md, key, &finder) < 0)
		goto fail;
	*ret = PyList_New(0);
	if (*ret == NULL)
		goto fail;
	md_finder_cleanup(&finder);
	return 1;
fail:
	md_finder_cleanup(&finder);
	return -1;
}

static PyObject *multidict_getall(MultiDictObject *self, PyObject *key)
{
	PyObject *list;
	if (md_get_all(self, key, &list) < 0)
		return NULL;
	return list;
}

static PyMethodDef md_methods[] = {
	{"getall", (PyCFunction)multidict_getall, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};
