// ARGS: --dump-cfg dispatch
// Computed goto: a branch to every address-taken label, with a note.
int dispatch(int op)
{
	static void *table[] = { &&add, &&sub };
	int acc = 0;
	goto *table[op];
add:
	acc++;
	return acc;
sub:
	acc--;
	return acc;
}

/* check-output-start
function dispatch(op) -> int
  vars: table (static), acc (local)
  note: line 7: computed goto branches to every address-taken label
  B0 (entry):
    acc = 0
    table[op]
    branch <goto *> ? B1 : B3   [goto *]
  B1 (label add):
    acc++
    return acc
  B2 (label sub):
    acc--
    return acc
  B3:
    goto B2   [goto *]
   check-output-end */
