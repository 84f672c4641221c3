// ARGS: --dump-cfg ret
// return with and without a value; falling off the end returns.
int g(int);

void ret(int a)
{
	if (a)
		return;
	g(a);
}

/* check-output-start
function ret(a) -> void
  B0 (entry):
    branch a ? B1 : B2   [if]
  B1:
    return
  B2:
    g(a)
    return
   check-output-end */
