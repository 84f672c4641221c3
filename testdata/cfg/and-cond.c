// ARGS: --dump-cfg both
// && in a condition: a chain of branches, short-circuit.
#define NULL ((void *)0)
int g(int);

int both(int a, int *p)
{
	if (a && p != NULL && g(*p))
		return 1;
	return 0;
}

/* check-output-start
function both(a, p) -> int
  B0 (entry):
    branch a ? B4 : B2   [&&]
  B1:
    return 1
  B2:
    return 0
  B3:
    branch g(*p) ? B1 : B2   [if]
  B4:
    branch p != NULL ? B3 : B2   [&&]
   check-output-end */
