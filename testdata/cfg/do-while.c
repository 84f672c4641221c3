// ARGS: --dump-cfg retry
// do/while: body first; `do { } while (0)` has no back edge.
int g(int);

int retry(int a)
{
	do {
		a = g(a);
	} while (a != 0);
	do {
		g(1);
	} while (0);
	return a;
}

/* check-output-start
function retry(a) -> int
  B0 (entry):
    goto B1
  B1:
    a = g(a)
    goto B2
  B2:
    branch a != 0 ? B1 : B3   [do-while]
  B3:
    g(1)
    goto B4
  B4:
    return a
   check-output-end */
