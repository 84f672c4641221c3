// ARGS: --dump-cfg either
// || and ! in a condition: ! swaps the targets.
#define NULL ((void *)0)
int g(int);

int either(int a, int *p)
{
	if (a || !p || !(g(a) && g(*p)))
		return 1;
	return 0;
}

/* check-output-start
function either(a, p) -> int
  B0 (entry):
    branch a ? B1 : B4   [||]
  B1:
    return 1
  B2:
    return 0
  B3:
    branch g(a) ? B5 : B1   [&&]
  B4:
    branch p ? B3 : B1   [||]
  B5:
    branch g(*p) ? B2 : B1   [if]
   check-output-end */
