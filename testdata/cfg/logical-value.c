// ARGS: --dump-cfg flags
// && and || as values: a temporary set to 1 or 0 in separate blocks; in
// an expression statement the right operand just runs conditionally.
int g(int);

int flags(int a)
{
	int v = a && g(1);
	int w = a || g(2);
	a && g(3);
	return v + w;
}

/* check-output-start
function flags(a) -> int
  vars: v (local), $t1 (temp), w (local), $t2 (temp)
  B0 (entry):
    branch a ? B4 : B2   [&&]
  B1:
    $t1 = 1
    goto B3
  B2:
    $t1 = 0
    goto B3
  B3:
    v = $t1
    branch a ? B5 : B8   [||]
  B4:
    branch g(1) ? B1 : B2   [&&]
  B5:
    $t2 = 1
    goto B7
  B6:
    $t2 = 0
    goto B7
  B7:
    w = $t2
    branch a ? B9 : B10   [&&]
  B8:
    branch g(2) ? B5 : B6   [||]
  B9:
    g(3)
    goto B10
  B10:
    return v + w
   check-output-end */
