// ARGS: --dump-cfg choose
// if/else and an else-if chain: one join block for the whole chain.
int g(int);

int choose(int a)
{
	if (a > 0)
		g(1);
	else if (a < 0)
		g(2);
	else
		g(3);
	if (a == 7)
		return 7;
	return 0;
}

/* check-output-start
function choose(a) -> int
  B0 (entry):
    branch a > 0 ? B1 : B2   [if]
  B1:
    g(1)
    goto B3
  B2:
    branch a < 0 ? B4 : B5   [if]
  B3:
    branch a == 7 ? B6 : B7   [if]
  B4:
    g(2)
    goto B3
  B5:
    g(3)
    goto B3
  B6:
    return 7
  B7:
    return 0
   check-output-end */
