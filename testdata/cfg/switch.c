// ARGS: --dump-cfg classify
// switch: fall-through, break, a GNU case range and default.
int classify(int c)
{
	int r = 0;
	switch (c) {
	case 1:
		r = 1;
		/* fall through */
	case 2:
		r += 2;
		break;
	case 3 ... 5:
		r = 9;
		break;
	case 6:
	case 7:
		return 67;
	default:
		r = -1;
	}
	return r;
}

/* check-output-start
function classify(c) -> int
  vars: r (local)
  B0 (entry):
    r = 0
    switch c: 1 -> B2, 2 -> B3, 3..5 -> B4, 6 -> B5, 7 -> B5, default -> B6   [switch]
  B1:
    return r
  B2:
    r = 1
    goto B3
  B3:
    r += 2
    goto B1   [break]
  B4:
    r = 9
    goto B1   [break]
  B5:
    return 67
  B6:
    r = -1
    goto B1
   check-output-end */
