// C++ idioms of C++ round 23 (pytype, kiwipiepy, pikepdf, retracesoftware),
// each correct: no function may get a finding.
// expect-no-diagnostics
#include <Python.h>
#include <memory>

// A reference handed to a std::shared_ptr is the shared owner's from its
// construction on (its copies share it; the last one's deleter releases
// it): not followed further.
struct DataType;
typedef std::shared_ptr<DataType> BindingData;
static void DecRefCallback(DataType *data)
{
	Py_XDECREF(reinterpret_cast<PyObject *>(data));
}
static BindingData MakeBindingData(PyObject *obj)
{
	return BindingData(reinterpret_cast<DataType *>(obj), DecRefCallback);
}
void keep(BindingData d);

PyObject *add_data(PyObject *self, PyObject *data)
{
	Py_INCREF(data);
	keep(MakeBindingData(data));
	Py_RETURN_NONE;
}

// An owner's `operator bool() { return !!obj; }` tested: the object is not
// NULL after it.
struct Iter {
	PyObject_HEAD
	PyObject *src;
};
template <class T> struct UniqueCObj {
	T *obj = nullptr;
	explicit UniqueCObj(T *o) : obj(o) {}
	~UniqueCObj() { Py_XDECREF(obj); }
	UniqueCObj(const UniqueCObj &) = delete;
	operator bool() const { return !!obj; }
	T *operator->() { return obj; }
	T *release()
	{
		T *t = obj;
		obj = nullptr;
		return t;
	}
};
struct Failed {};

PyObject *make_iter(PyObject *type, PyObject *src)
{
	UniqueCObj<Iter> ret{(Iter *)PyObject_CallObject(type, nullptr)};
	if (!ret)
		throw Failed{};
	Py_INCREF(src);
	ret->src = src;
	return (PyObject *)ret.release();
}

// A constructor that throws when PyObject_GetBuffer failed leaves nothing
// in its view.
struct python_error {};
class BufferView {
public:
	BufferView(PyObject *obj, int flags) : acquired_(false)
	{
		if (PyObject_GetBuffer(obj, &buf_, flags) != 0)
			throw python_error();
		acquired_ = true;
	}
	~BufferView()
	{
		if (acquired_)
			PyBuffer_Release(&buf_);
	}
	Py_ssize_t size() const { return buf_.len; }

private:
	Py_buffer buf_;
	bool acquired_;
};

Py_ssize_t buffer_length(PyObject *o)
{
	BufferView v(o, 0);
	return v.size();
}

// A helper's result equal to what it was given, released through either
// name.
static PyObject *walk(PyObject *arg)
{
	if (arg == Py_None)
		return Py_NewRef(Py_None);
	return PyObject_CallObject(arg, nullptr);
}

PyObject *walk_dict(PyObject *dict)
{
	Py_ssize_t pos = 0;
	PyObject *key, *value;
	while (PyDict_Next(dict, &pos, &key, &value)) {
		PyObject *new_value = walk(value);
		if (new_value == value) {
			Py_DECREF(value);
		} else if (!new_value) {
			return nullptr;
		} else {
			Py_DECREF(new_value);
			return nullptr;
		}
	}
	return Py_NewRef(dict);
}

// Slots written as static member functions of the object struct.
struct InstanceTest : public PyObject {
	PyObject *type;
	static int clear(InstanceTest *self)
	{
		Py_CLEAR(self->type);
		return 0;
	}
	static void dealloc(InstanceTest *self)
	{
		PyObject_GC_UnTrack(self);
		clear(self);
		Py_TYPE(self)->tp_free((PyObject *)self);
	}
};

PyTypeObject InstanceTest_Type = {
	PyVarObject_HEAD_INIT(NULL, 0).tp_name = "r.InstanceTest",
	.tp_basicsize = sizeof(InstanceTest),
	.tp_dealloc = (destructor)InstanceTest::dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
	.tp_clear = (inquiry)InstanceTest::clear,
};

PyObject *create(PyTypeObject *t, PyObject *cls)
{
	InstanceTest *self = (InstanceTest *)t->tp_alloc(t, 0);
	if (!self)
		return nullptr;
	Py_INCREF(cls);
	self->type = cls;
	return (PyObject *)self;
}

static PyObject *create_m(PyObject *self, PyObject *cls)
{
	return create(&InstanceTest_Type, cls);
}

static PyMethodDef methods[] = {
	{"create", create_m, METH_O, nullptr},
	{nullptr, nullptr, 0, nullptr},
};
