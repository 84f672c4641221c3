// ARGS: --dump-cfg spin
// for with empty clauses: no condition means no exit but `break`.
int g(int);

int spin(int n)
{
	int i = 0;
	for (;;) {
		if (g(i))
			break;
		i++;
	}
	for (; i < n;)
		i++;
	for (;; i++)
		if (i > 2 * n)
			break;
	return i;
}

/* check-output-start
function spin(n) -> int
  vars: i (local)
  B0 (entry):
    i = 0
    goto B1
  B1:
    branch g(i) ? B2 : B3   [if]
  B2:
    goto B4   [break]
  B3:
    i++
    goto B1
  B4:
    branch i < n ? B5 : B6   [for]
  B5:
    i++
    goto B4
  B6:
    branch i > 2 * n ? B9 : B7   [if]
  B7:
    i++
    goto B6
  B8:
    return i
  B9:
    goto B8   [break]
   check-output-end */
