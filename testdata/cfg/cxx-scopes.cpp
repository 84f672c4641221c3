// ARGS: --dump-cfg scopes
// C++: a guard's destructor (inlined) runs at the end of its block, at
// `break`, at `return` after the value is computed, and when a call that
// can throw unwinds (the exceptional edge, [throw], before the call).
#include <Python.h>
#include <vector>

struct Ref {
	PyObject *p;
	explicit Ref(PyObject *o) : p(o) {}
	~Ref() { Py_XDECREF(p); }
};

long scopes(const std::vector<long> &v)
{
	for (long i = 0; i < 3; i++) {
		Ref r(PyLong_FromLong(i));
		if (i == 1)
			break;
	}
	Ref k(PyLong_FromLong(7));
	return v.at(0);
}
/* check-output-start
function scopes(v) -> long
  vars: i (local), r (local), $t1 (temp), r.p (local), k (local), $t3 (temp), k.p (local), $t5 (temp)
  B0 (entry):
    i = 0
    goto B1
  B1:
    branch i < 3 ? B2 : B4   [for]
  B2:
    $t1 = PyLong_FromLong(i)
    r.p = $t1
    goto B5
  B3:
    i++
    goto B1
  B4:
    $t3 = PyLong_FromLong(7)
    k.p = $t3
    goto B9
  B5:
    branch i == 1 ? B6 : B7   [if]
  B6:
    Py_XDECREF(r.p) [macro Py_XDECREF]
    goto B8
  B7:
    Py_XDECREF(r.p) [macro Py_XDECREF]
    goto B3
  B8:
    goto B4   [break]
  B9:
    branch <std::vector::at> ? B10 : B11   [throw]
  B10:
    Py_XDECREF(k.p) [macro Py_XDECREF]
    goto B12
  B11:
    $t5 = vector::at(&v, 0)
    Py_XDECREF(k.p) [macro Py_XDECREF]
    goto B13
  B12:
    throw
  B13:
    return $t5
check-output-end */
