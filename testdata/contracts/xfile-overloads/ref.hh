// An owner class whose members are all defined in ref.cpp (devsim's
// ObjectHolder): a file that includes only this header sees declarations.
// Its constructors share one name; which one a call makes is told by
// their types alone.
#ifndef REF_HH
#define REF_HH
#include <Python.h>

class Ref {
public:
	Ref();
	Ref(const Ref &other);
	~Ref();
	explicit Ref(void *adopted);           // takes the caller's reference
	Ref(PyObject *borrowed, const char *why); // takes a reference of its own
	PyObject *get() const;

private:
	void *object_;
};
#endif
