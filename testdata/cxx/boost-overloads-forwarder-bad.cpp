// As boost-overloads-forwarder-good.cpp, but the function forwarded to
// takes a reference of its own (borrowed()) of the new reference it is
// given, which the generated function then never releases.
#include <Python.h>
#include <boost/python.hpp>

using boost::python::borrowed;
using boost::python::handle;
using boost::python::object;

namespace planning {
object wrap(PyObject *o)
{
	return object(handle<>(borrowed(o)));
}
} // namespace planning

template <typename S> struct result_of_sig {
	typedef typename S::first_type type;
};
template <typename S> struct arg_of_sig {
	typedef typename S::second_type type;
};

struct wrap_overloads {
	template <typename SigT> struct gen {
		typedef typename result_of_sig<SigT>::type RT;
		typedef typename arg_of_sig<SigT>::type T0;
		static RT func_0(T0 arg0)
		{
			return planning::wrap(PyLong_FromLong(arg0)); // expect-warning[MOJO-OWN-101] {{new reference from 'PyLong_FromLong' is never released}}
		}
	};
};
