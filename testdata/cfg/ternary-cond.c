// ARGS: --dump-cfg pick
// ?: in a condition: each arm is itself a condition.
int g(int);

int pick(int a)
{
	if (a ? g(1) : g(2))
		return 1;
	return 0;
}

/* check-output-start
function pick(a) -> int
  B0 (entry):
    branch a ? B3 : B4   [?:]
  B1:
    return 1
  B2:
    return 0
  B3:
    branch g(1) ? B1 : B2   [if]
  B4:
    branch g(2) ? B1 : B2   [if]
   check-output-end */
