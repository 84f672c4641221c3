// A library function whose only `void *` parameter and only destroy
// function parameter are far apart (python-audio-tools'
// `br_open_external(void *user_data, endianness, buffer_size, read, ...,
// free)`, C round 64): the pair is a hand-off all the same. The reference
// taken for the reader is the reader's, released by its free function
// when the reader is closed.
// With several destroy functions after the data (the reader's own
// positions are freed by one of them), which one is the data's is not
// known: a function given there may release the data, which escapes.
// expect-no-diagnostics
#include <Python.h>

typedef struct reader reader;
typedef int (*read_fn)(void *user, unsigned char *buf, unsigned n);
typedef int (*close_fn)(void *user);
typedef void (*free_fn)(void *user);

reader *reader_open(void *user, int little_endian, unsigned buffer_size,
		    read_fn read, close_fn close, free_fn free);
void reader_close(reader *r);
typedef void (*free_pos_fn)(void *pos);
reader *reader_open_seekable(void *user, read_fn read, free_pos_fn free_pos,
			     free_fn free);

// Defined in another file of the project.
void free_python_decref(void *user);

static void release_file(void *user)
{
	Py_XDECREF((PyObject *)user);
}

static int read_python(void *user, unsigned char *buf, unsigned n)
{
	(void)user;
	(void)buf;
	return (int)n;
}

static int close_python(void *user)
{
	(void)user;
	return 0;
}

typedef struct {
	PyObject_HEAD
	reader *r;
} Decoder;

static int Decoder_init(Decoder *self, PyObject *args, PyObject *kw)
{
	PyObject *file;
	(void)kw;
	if (!PyArg_ParseTuple(args, "O", &file))
		return -1;
	Py_INCREF(file);
	self->r = reader_open(file, 1, 4096, read_python, close_python,
			      release_file);
	return self->r ? 0 : -1;
}

// The same hand-off to a free function of another file.
reader *open_other(PyObject *file)
{
	Py_INCREF(file);
	return reader_open(file, 0, 4096, read_python, close_python,
			   free_python_decref);
}

// Handed over with two functions that may release it: neither kept by
// the caller nor released twice when the caller drops its own reference.
reader *open_seekable(long n)
{
	PyObject *v = PyLong_FromLong(n);
	if (v == NULL)
		return NULL;
	reader *r = reader_open_seekable(v, read_python, release_file,
					 release_file);
	return r;
}

static void Decoder_dealloc(Decoder *self)
{
	if (self->r)
		reader_close(self->r);
	Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyTypeObject DecoderType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Decoder",
	.tp_basicsize = sizeof(Decoder),
	.tp_init = (initproc)Decoder_init,
	.tp_dealloc = (destructor)Decoder_dealloc,
};

PyTypeObject *decoder_type(void)
{
	return &DecoderType;
}
