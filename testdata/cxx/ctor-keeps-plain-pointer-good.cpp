// A constructor that keeps plain pointers to objects of classes deriving
// from PyObject (frepple's model objects) takes no reference, and its
// class releases none: a throw that leaves the constructor loses nothing.
#include <Python.h>

struct Error {
	const char *what;
};
struct Object : public PyObject {
	virtual ~Object() {}
};
struct ItemDistribution : public Object {
	int x = 0;
};
struct Buffer : public Object {
	int y = 0;
};

class OperationItemDistribution {
public:
	OperationItemDistribution(ItemDistribution *i, Buffer *src, Buffer *dest);
	~OperationItemDistribution() {}

private:
	ItemDistribution *itemdist;
	Buffer *s, *d;
};

OperationItemDistribution::OperationItemDistribution(ItemDistribution *i,
						     Buffer *src, Buffer *dest)
	: itemdist(i), s(src), d(dest)
{
	if (!i)
		throw Error{"needs an ItemDistribution"};
	if (dest == src)
		throw Error{"source and destination must differ"};
}
// expect-no-diagnostics
