// ARGS: --dump-cfg vars
// Declarations: with initializer (an assignment), without (decl), static
// locals (no op: initialized once) and globals used here.
#define NULL ((void *)0)
int counter;
int g(int);

int vars(int a, int *p)
{
	static int calls = 0;
	int x;
	int y = a + 1;
	int *q = NULL;
	struct { int k, l; } s = { 1, 2 };
	calls++;
	x = g(y) + s.l;
	q = p;
	return x + *q + counter;
}

/* check-output-start
function vars(a, p) -> int
  vars: calls (static), x (local), y (local), q (local), s (local), counter (global)
  B0 (entry):
    decl x
    y = a + 1
    q = NULL
    s = {1, 2}
    calls++
    x = g(y) + s.l
    q = p
    return x + *q + counter
   check-output-end */
