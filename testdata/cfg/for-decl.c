// ARGS: --dump-cfg sum
// for with a declaration in the init clause, and a comma in the step.
int g(int);

int sum(int n)
{
	int t = 0;
	for (int i = 0, j = 1; i < n; i++, j++)
		t += g(i) + j;
	return t;
}

/* check-output-start
function sum(n) -> int
  vars: t (local), i (local), j (local)
  B0 (entry):
    t = 0
    i = 0
    j = 1
    goto B1
  B1:
    branch i < n ? B2 : B4   [for]
  B2:
    t += g(i) + j
    goto B3
  B3:
    i++
    j++
    goto B1
  B4:
    return t
   check-output-end */
