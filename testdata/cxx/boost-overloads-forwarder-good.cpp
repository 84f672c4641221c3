// BOOST_PYTHON_FUNCTION_OVERLOADS writes, for each arity, a static member
// of a class template whose result and parameter types depend on the
// template's parameter: `static RT func_0(T0 arg0) { return
// f(arg0); }` (openrave's planning bindings). The call's value is the
// object returned, not a temporary destroyed before the return.
// expect-no-diagnostics
#include <Python.h>
#include <boost/python.hpp>

using boost::python::handle;
using boost::python::object;

namespace planning {
object smooth(long n, double scale = 1.0)
{
	return object(handle<>(PyLong_FromLong(n * (long)scale)));
}
} // namespace planning

template <typename S> struct result_of_sig {
	typedef typename S::first_type type;
};
template <typename S> struct arg_of_sig {
	typedef typename S::second_type type;
};

struct smooth_overloads {
	template <typename SigT> struct gen {
		typedef typename result_of_sig<SigT>::type RT;
		typedef typename arg_of_sig<SigT>::type T0;
		static RT func_0(T0 arg0) { return planning::smooth(arg0); }
		static RT func_1(T0 arg0, double arg1)
		{
			return planning::smooth(arg0, arg1);
		}
	};
};
