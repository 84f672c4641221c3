// ARGS: --dump-cfg drain
// while: head block with the condition, back edge from the body.
int g(int);

int drain(int a)
{
	while (a)
		a = g(a);
	while (1) {
		if (g(a))
			break;
	}
	return a;
}

/* check-output-start
function drain(a) -> int
  B0 (entry):
    goto B1
  B1:
    branch a ? B2 : B3   [while]
  B2:
    a = g(a)
    goto B1
  B3:
    branch g(a) ? B5 : B3   [if]
  B4:
    return a
  B5:
    goto B4   [break]
   check-output-end */
