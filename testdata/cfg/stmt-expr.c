// ARGS: --dump-cfg gnu
// GNU statement expressions: statements inline, the value via a temp.
int g(int);

int gnu(int a)
{
	int y = ({
		int t = g(a);
		if (t < 0)
			t = 0;
		t + 1;
	});
	return y;
}

/* check-output-start
function gnu(a) -> int
  vars: y (local), t (local), $t1 (temp)
  B0 (entry):
    t = g(a)
    branch t < 0 ? B1 : B2   [if]
  B1:
    t = 0
    goto B2
  B2:
    $t1 = t + 1
    y = $t1
    return y
   check-output-end */
