// ARGS: --dump-cfg sel
// ?: as a value (temporary assigned in each arm), as a statement, and
// GNU `a ?: b`.
int g(int);

int sel(int a)
{
	int x = a ? g(1) : g(2);
	a ? g(3) : g(4);
	return x + (a ?: g(5));
}

/* check-output-start
function sel(a) -> int
  vars: x (local), $t1 (temp), $t2 (temp)
  B0 (entry):
    branch a ? B1 : B2   [?:]
  B1:
    $t1 = g(1)
    goto B3
  B2:
    $t1 = g(2)
    goto B3
  B3:
    x = $t1
    branch a ? B4 : B5   [?:]
  B4:
    g(3)
    goto B6
  B5:
    g(4)
    goto B6
  B6:
    $t2 = a
    branch $t2 ? B8 : B7   [?:]
  B7:
    $t2 = g(5)
    goto B8
  B8:
    return x + $t2
   check-output-end */
