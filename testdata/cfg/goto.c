// ARGS: --dump-cfg cleanup
// goto forward and backward; a label nobody jumps to and code after a
// return are unreachable and dropped.
int g(int);

int cleanup(int a)
{
	int n = 0;
again:
	n++;
	if (n < a)
		goto again;
	if (g(n) < 0)
		goto fail;
	return n;
fail:
	g(0);
	return -1;
unused:
	return -2;
}

/* check-output-start
function cleanup(a) -> int
  vars: n (local)
  B0 (entry):
    n = 0
    goto B1
  B1 (label again):
    n++
    branch n < a ? B2 : B3   [if]
  B2:
    goto B1   [goto]
  B3:
    branch g(n) < 0 ? B4 : B5   [if]
  B4:
    goto B6   [goto]
  B5:
    return n
  B6 (label fail):
    g(0)
    return -1
   check-output-end */
