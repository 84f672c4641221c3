// A class built on a holder base, its constructor analysed on its own:
// the base's constructor, called by the base initializer, takes over
// what it is given, and so the derived constructor does, also when the
// base is a dependent template (`List<R>(PyObject *object) :
// ReferenceHolder<R>(object)`, whose constructor is chosen by arity and
// argument types; nifi-minifi-cpp's OwnedList, C++ round 70).
// expect-no-diagnostics
#include <Python.h>
#include <utility>
enum class ReferenceType { BORROWED, OWNED };
template <ReferenceType reference_type> struct ObjectReference {
	ObjectReference() = default;
	explicit ObjectReference(PyObject *object) : object_(object) {}
	~ObjectReference() { decrementRefCount(); }
	ObjectReference(ObjectReference &&that) : object_(that.object_) { that.object_ = nullptr; }
	PyObject *get() { return object_; }
	PyObject *release()
	{
		auto r = object_;
		object_ = nullptr;
		return r;
	}

private:
	void decrementRefCount()
	{
		if constexpr (reference_type == ReferenceType::OWNED) {
			Py_XDECREF(object_);
		}
	}
	PyObject *object_ = nullptr;
};
template <ReferenceType reference_type> class ReferenceHolder {
public:
	using Reference = ObjectReference<reference_type>;
	ReferenceHolder() = default;
	explicit ReferenceHolder(Reference ref) : ref_(std::move(ref)) {}
	explicit ReferenceHolder(PyObject *object) : ref_(object) {}
	PyObject *get() { return ref_.get(); }
	PyObject *releaseReference() { return ref_.release(); }

protected:
	Reference ref_;
};
template <ReferenceType reference_type> class List : public ReferenceHolder<reference_type> {
public:
	explicit List(PyObject *object) : ReferenceHolder<reference_type>(object) {}
	Py_ssize_t length() { return PyList_Size(this->ref_.get()); }
};
using OwnedList = List<ReferenceType::OWNED>;

Py_ssize_t count_keys(PyObject *dict)
{
	auto keys = OwnedList(PyDict_Keys(dict));
	return keys.length();
}
