// Reduced from apsw (rogerbinns/apsw) src/jsonb.c as of the parent of
// commit ee59ca65 ("Be immune to mutation while iterating dict",
// https://github.com/rogerbinns/apsw/commit/ee59ca652c4d517aaebc508e2fc99925c8571b5e,
// issue https://github.com/rogerbinns/apsw/issues/609). The dict branch of
// jsonb_encode_internal_actual walks the caller's dict with PyDict_Next
// and encodes each key first: jsonb_encode_object_key calls the user's
// default_key callback, which may clear the dict and free the borrowed
// value that is encoded next (MOJO-BOR-206). The fix iterates a copy.
// jsonb_encode_object_key is verbatim (less its fault-injection include);
// the loop is verbatim, the rest of jsonb_encode_internal_actual (other
// types, sort_keys, the seen set) is left out. apsw's declarations are
// reduced to the fields used.
#include <Python.h>
#include <stddef.h>

struct JSONBuffer
{
  void *data;
  size_t size;
  size_t allocated;
  int exact_types;
  int skip_keys;
  int sort_keys;
  PyObject *default_key;
};

static struct
{
  PyObject *snull, *strue, *sfalse;
} apst;

enum { JT_TEXTRAW = 9 };

static const char *Py_TypeName(PyObject *o) { return Py_TYPE(o)->tp_name; }

static int jsonb_encode_internal(struct JSONBuffer *buf, PyObject *obj);

static int
jsonb_encode_object_key(struct JSONBuffer *buf, PyObject *key)
{
  /* this is a separate function because we have to stringify
     int/float etc to match stdlib json.dumps behaviour */
  if ((buf->exact_types) ? PyUnicode_CheckExact(key) : PyUnicode_Check(key))
    return jsonb_encode_internal(buf, key);
  if (buf->skip_keys)
    return 0;
  if (buf->default_key)
  {
    PyObject *vargs[] = { NULL, key };
    PyObject *converted = PyObject_Vectorcall(buf->default_key, vargs + 1, 1 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
    if (!converted)
      return -1;
    int res = 0;
    if (!PyUnicode_Check(converted))
    {
      PyErr_Format(PyExc_TypeError, "default_key callback needs to return a str, not %s", Py_TypeName(converted));
      res = -1;
    }
    if (res == 0)
      res = jsonb_encode_internal(buf, converted);
    Py_DECREF(converted);
    return res;
  }

  if (Py_IsNone(key) || Py_IsTrue(key) || Py_IsFalse(key))
  {
    PyObject *key_subst = NULL;
    if (Py_IsNone(key))
      key_subst = apst.snull;
    else if (Py_IsTrue(key))
      key_subst = apst.strue;
    else
      key_subst = apst.sfalse;
    return jsonb_encode_internal(buf, key_subst);
  }
  else if ((buf->exact_types) ? (PyFloat_CheckExact(key) || PyLong_CheckExact(key))
                              : (PyFloat_Check(key) || PyLong_Check(key)))
  {
    /* for these we write them out as their own types
           and then alter the tag to be string */
    size_t tag_offset = buf->size;
    if (jsonb_encode_internal(buf, key) == 0)
    {
      unsigned char *as_ptr = (unsigned char *)buf->data;
      as_ptr[tag_offset] = (as_ptr[tag_offset] & 0xf0) | JT_TEXTRAW;
      return 0;
    }
    return -1;
  }
  PyErr_Format(PyExc_TypeError, "Keys must be str, int, float, bool or None. not %s", Py_TypeName(key));
  return -1;
}

int
jsonb_encode_dict(struct JSONBuffer *buf, PyObject *obj)
{
    if (!buf->sort_keys && PyDict_CheckExact(obj))
    {
      /* the expected code path */
      Py_ssize_t pos = 0;
      PyObject *key, *value;
      while (PyDict_Next(obj, &pos, &key, &value))
      {
        size_t offset = buf->size;

        if (jsonb_encode_object_key(buf, key))
          goto error;
        if (buf->size != offset && jsonb_encode_internal(buf, value)) // expect-warning[MOJO-BOR-206] {{borrowed reference 'value' from 'PyDict_Next' is passed to 'jsonb_encode_internal' after 'jsonb_encode_object_key' may have run Python code (the called object, through 'PyObject_Vectorcall') that changes 'obj'}}
          goto error;
      }
    }
    return 0;
error:
    return -1;
}
