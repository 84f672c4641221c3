// MOJO-BOR-206: a borrowed reference from a container that Python code can
// reach (a parameter, a field, a global) used after a call that can run
// arbitrary Python code, or passed into such a call (the list_richcompare
// shape). The user's __eq__/__hash__/__repr__/__del__ may clear the
// container and free the item meanwhile.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *items; // a list
	PyObject *callback;
} Bag;

// list.index before CPython took a reference: the item is compared, then
// returned.
PyObject *bag_find(Bag *self, PyObject *value)
{
	Py_ssize_t n = PyList_GET_SIZE(self->items);
	for (Py_ssize_t i = 0; i < n; i++) {
		PyObject *item = PyList_GET_ITEM(self->items, i);
		int eq = PyObject_RichCompareBool(item, value, Py_EQ); // expect-warning[MOJO-BOR-206] {{'item' from 'PyList_GET_ITEM' is passed to 'PyObject_RichCompareBool', which can call a user `__eq__` that clears its container}}
		if (eq < 0)
			return NULL;
		if (eq)
			return Py_NewRef(item);
	}
	Py_RETURN_NONE;
}

// The item is used after a comparison of two other objects.
PyObject *first_after_compare(PyObject *list, PyObject *a, PyObject *b)
{
	PyObject *first = PyList_GetItem(list, 0);
	if (first == NULL)
		return NULL;
	if (PyObject_RichCompareBool(a, b, Py_LT) < 0)
		return NULL;
	return PyObject_Repr(first); // expect-warning[MOJO-BOR-206] {{borrowed reference 'first' from 'PyList_GetItem' is passed to 'PyObject_Repr' after 'PyObject_RichCompareBool' may have run Python code (a user `__lt__`) that changes 'list'}}
}

// A dict value kept across a hash of the key to insert.
int copy_entry(PyObject *dst, PyObject *src, PyObject *key, PyObject *other)
{
	PyObject *value = PyDict_GetItemWithError(src, key);
	if (value == NULL)
		return -1;
	if (PyObject_Hash(other) == -1)
		return -1;
	return PyDict_SetItem(dst, key, value); // expect-warning[MOJO-BOR-206] {{'value' from 'PyDict_GetItemWithError' is passed to 'PyDict_SetItem' after 'PyObject_Hash' may have run Python code (a user `__hash__`) that changes 'src'}}
}

// A callback runs between the read of the field's item and its use.
PyObject *bag_notify_then_first(Bag *self)
{
	PyObject *first = PyList_GetItem(self->items, 0);
	if (first == NULL)
		return NULL;
	PyObject *r = PyObject_CallNoArgs(self->callback);
	if (r == NULL)
		return NULL;
	Py_DECREF(r);
	return Py_NewRef(first); // expect-warning[MOJO-BOR-206] {{'first' from 'PyList_GetItem' is passed to '_Py_NewRef' after 'PyObject_CallNoArgs' may have run Python code (the called object) that changes 'self->items'}} xfail(#13): a field's container is not invalidated (precision first)
}

// A dict iterated with PyDict_Next, each value compared: the other
// operand's __eq__ can delete the entry (and free the value) while the
// comparison still uses it.
PyObject *key_of(PyObject *dict, PyObject *target)
{
	Py_ssize_t pos = 0;
	PyObject *key, *value;
	while (PyDict_Next(dict, &pos, &key, &value)) {
		int eq = PyObject_RichCompareBool(target, value, Py_EQ); // expect-warning[MOJO-BOR-206] {{'value' from 'PyDict_Next' is passed to 'PyObject_RichCompareBool', which can call a user `__eq__` that clears its container 'dict'}}
		if (eq < 0)
			return NULL;
		if (eq)
			return Py_NewRef(key); // expect-warning[MOJO-BOR-206] {{'key' from 'PyDict_Next' is passed to '_Py_NewRef' after 'PyObject_RichCompareBool' may have run Python code (a user `__eq__`) that changes 'dict'}}
	}
	Py_RETURN_NONE;
}

// The last reference to an object an unknown function made: its
// finaliser may run code.
PyObject *make_temp(PyObject *o);

PyObject *drop_temp_then_use(PyObject *list)
{
	PyObject *item = PyList_GetItem(list, 0);
	if (item == NULL)
		return NULL;
	PyObject *tmp = make_temp(item);
	if (tmp == NULL)
		return NULL;
	Py_DECREF(tmp);
	return PyObject_Repr(item); // expect-warning[MOJO-BOR-206] {{'item' from 'PyList_GetItem' is passed to 'PyObject_Repr' after a release that may have run Python code}}
}

// A module-level registry read, then str() of another object.
static PyObject *registry; // a dict

PyObject *lookup_and_describe(PyObject *name, PyObject *other)
{
	PyObject *entry = PyDict_GetItemWithError(registry, name);
	if (entry == NULL)
		return NULL;
	PyObject *s = PyObject_Str(other);
	if (s == NULL)
		return NULL;
	Py_DECREF(s);
	return Py_NewRef(entry); // expect-warning[MOJO-BOR-206] {{'entry' from 'PyDict_GetItemWithError' is passed to '_Py_NewRef' after 'PyObject_Str' may have run Python code (a user `__str__`) that changes 'registry'}} xfail(#13): a global's container is not invalidated (precision first)
}

// The next item of an iterator may be produced by a generator that
// changes the list the earlier borrow came from.
PyObject *pair_with_next(PyObject *list, PyObject *it)
{
	PyObject *head = PyList_GetItem(list, 0);
	if (head == NULL)
		return NULL;
	PyObject *nxt = PyIter_Next(it);
	if (nxt == NULL)
		return NULL;
	PyObject *r = PyTuple_Pack(2, head, nxt); // expect-warning[MOJO-BOR-206] {{'head' from 'PyList_GetItem' is passed to 'PyTuple_Pack' after 'PyIter_Next' may have run Python code (a user `__next__`)}}
	Py_DECREF(nxt);
	return r;
}

// Arithmetic runs a user __add__.
PyObject *add_to_first(PyObject *list, PyObject *a, PyObject *b)
{
	PyObject *first = PyList_GetItem(list, 0);
	if (first == NULL)
		return NULL;
	PyObject *sum = PyNumber_Add(a, b);
	if (sum == NULL)
		return NULL;
	PyObject *r = PyNumber_Multiply(first, sum); // expect-warning[MOJO-BOR-206] {{'first' from 'PyList_GetItem' is passed to 'PyNumber_Multiply' after 'PyNumber_Add' may have run Python code (a user arithmetic method)}}
	Py_DECREF(sum);
	return r;
}

// The last reference to an object of any type dropped: its __del__ runs.
PyObject *drop_attr_then_use(PyObject *list, PyObject *obj)
{
	PyObject *item = PyList_GetItem(list, 0);
	if (item == NULL)
		return NULL;
	PyObject *tmp = PyObject_GetAttrString(obj, "cache");
	if (tmp == NULL)
		return NULL;
	Py_DECREF(tmp);
	return PyObject_Str(item); // expect-warning[MOJO-BOR-206] {{'item' from 'PyList_GetItem' is passed to 'PyObject_Str' after 'PyObject_GetAttrString' may have run Python code (a user `__getattr__` or property) that changes 'list'}}
}

// A helper of the file's own that calls out runs code too (its summary
// says so).
static int run_hook(PyObject *hook)
{
	PyObject *r = PyObject_CallNoArgs(hook);
	if (r == NULL)
		return -1;
	Py_DECREF(r);
	return 0;
}

PyObject *bag_first_after_hook(Bag *self)
{
	PyObject *first = PyList_GetItem(self->items, 0);
	if (first == NULL)
		return NULL;
	if (run_hook(self->callback) < 0)
		return NULL;
	return PyObject_Repr(first); // expect-warning[MOJO-BOR-206] {{'first' from 'PyList_GetItem' is passed to 'PyObject_Repr' after 'run_hook' may have run Python code}} xfail(#13): the list is a field's (self->items), and a field's container is not invalidated (precision first)
}

// The same helper between a borrow from a list handed in and its use: the
// hook may clear the list (apsw's jsonb_encode_object_key,
// testdata/realworld/apsw-jsonb-dict-next.c).
PyObject *first_after_hook(PyObject *list, PyObject *hook)
{
	PyObject *first = PyList_GetItem(list, 0);
	if (first == NULL)
		return NULL;
	if (run_hook(hook) < 0)
		return NULL;
	return PyObject_Repr(first); // expect-warning[MOJO-BOR-206] {{borrowed reference 'first' from 'PyList_GetItem' is passed to 'PyObject_Repr' after 'run_hook' may have run Python code (the called object, through 'PyObject_CallNoArgs') that changes 'list'}}
}

// Two helpers deep: what the inner one calls is named.
static int run_hook_twice(PyObject *hook)
{
	return run_hook(hook) < 0 ? -1 : run_hook(hook);
}

PyObject *value_after_hooks(PyObject *dict, PyObject *key, PyObject *hook)
{
	PyObject *value = PyDict_GetItemWithError(dict, key);
	if (value == NULL)
		return NULL;
	if (run_hook_twice(hook) < 0)
		return NULL;
	return PyObject_Str(value); // expect-warning[MOJO-BOR-206] {{'value' from 'PyDict_GetItemWithError' is passed to 'PyObject_Str' after 'run_hook_twice' may have run Python code (the called object, through 'PyObject_CallNoArgs') that changes 'dict'}}
}

// PySequence_Fast on a list returns the list itself: its items array is
// the caller's list's, reachable from Python.
PyObject *fast_items_after_call(PyObject *seq, PyObject *func)
{
	PyObject *fast = PySequence_Fast(seq, "expected a sequence");
	if (fast == NULL)
		return NULL;
	PyObject *first = PySequence_Fast_GET_ITEM(fast, 0);
	PyObject *r = PyObject_CallNoArgs(func);
	if (r == NULL) {
		Py_DECREF(fast);
		return NULL;
	}
	Py_DECREF(r);
	PyObject *s = PyObject_Repr(first); // expect-warning[MOJO-BOR-206] {{'first'}} xfail(#13): only containers the caller handed in are invalidated (precision first)
	Py_DECREF(fast);
	return s;
}

typedef int (*value_visit_fn)(PyObject *);
#define VISIT(v) visit(v)

// The callee has no name (a pointer): the macro it is written as names it.
int visit_values(PyObject *dict, value_visit_fn visit)
{
	Py_ssize_t pos = 0;
	PyObject *key, *item;
	while (PyDict_Next(dict, &pos, &key, &item)) {
		PyObject *s = PyObject_Str(key);
		if (s == NULL)
			return -1;
		Py_DECREF(s);
		if (VISIT(item) < 0) // expect-warning[MOJO-BOR-206] {{borrowed reference 'item' from 'PyDict_Next' is passed to 'VISIT' after 'PyObject_Str' may have run Python code}}
			return -1;
	}
	return 0;
}

// Items of a C array an object owns, given straight to a comparison or a
// binary number operation (BTrees' bucket_byValue,
// testdata/realworld/btrees-bucket-byvalue.c): the other operand's method
// may clear the array and free the item mid-call.
typedef struct {
	PyObject_HEAD
	Py_ssize_t len;
	PyObject **keys;
} Bucket;

Py_ssize_t bucket_index(Bucket *self, PyObject *key)
{
	for (Py_ssize_t i = 0; i < self->len; i++) {
		int eq = PyObject_RichCompareBool(self->keys[i], key, Py_EQ); // expect-warning[MOJO-BOR-206] {{an item of 'self->keys' is passed to 'PyObject_RichCompareBool', which can call a user `__eq__` that clears its container 'self->keys'}}
		if (eq < 0)
			return -1;
		if (eq)
			return i;
	}
	return -2;
}

PyObject *bucket_shift(Bucket *b, PyObject *delta)
{
	if (b->len == 0)
		Py_RETURN_NONE;
	return PyNumber_Add(b->keys[0], delta); // expect-warning[MOJO-BOR-206] {{an item of 'b->keys' is passed to 'PyNumber_Add'}}
}

// A dict argument of a method is the caller's own, unlike the keywords
// dict CPython makes per call: str(value) may change it.
static PyObject *connect_dict(PyObject *self, PyObject *opts)
{
	PyObject *key, *value, *parts = PyDict_New();
	Py_ssize_t pos = 0;
	if (parts == NULL)
		return NULL;
	while (PyDict_Next(opts, &pos, &key, &value)) {
		PyObject *str = PyObject_Str(value);
		if (str == NULL || PyDict_SetItem(parts, key, str) < 0) { // expect-warning[MOJO-BOR-206] {{borrowed reference 'key' from 'PyDict_Next' is passed to 'PyDict_SetItem' after 'PyObject_Str' may have run Python code}}
			Py_XDECREF(str);
			Py_DECREF(parts);
			return NULL;
		}
		Py_DECREF(str);
	}
	return parts;
}

static PyMethodDef kw_methods[] = {
	{"connect", (PyCFunction)connect_dict, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};
