// ARGS: --dump-cfg seq
// The comma operator runs its operands in order.
int g(int);

int seq(int a)
{
	int x = (g(1), a++, g(2));
	if (g(3), x)
		return x;
	return a;
}

/* check-output-start
function seq(a) -> int
  vars: x (local)
  B0 (entry):
    g(1)
    a++
    x = g(2)
    g(3)
    branch x ? B1 : B2   [if]
  B1:
    return x
  B2:
    return a
   check-output-end */
