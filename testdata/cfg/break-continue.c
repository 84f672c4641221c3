// ARGS: --dump-cfg scan
// break and continue go to the innermost loop.
int g(int);

int scan(int a)
{
	while (a) {
		if (a == 3)
			continue;
		for (int i = 0; i < a; i++) {
			if (g(i))
				break;
			if (g(-i))
				continue;
			a--;
		}
		if (a == 5)
			break;
		a--;
	}
	return a;
}

/* check-output-start
function scan(a) -> int
  vars: i (local)
  B0 (entry):
    goto B1
  B1:
    branch a ? B2 : B3   [while]
  B2:
    branch a == 3 ? B4 : B5   [if]
  B3:
    return a
  B4:
    goto B1   [continue]
  B5:
    i = 0
    goto B6
  B6:
    branch i < a ? B7 : B9   [for]
  B7:
    branch g(i) ? B10 : B11   [if]
  B8:
    i++
    goto B6
  B9:
    branch a == 5 ? B14 : B15   [if]
  B10:
    goto B9   [break]
  B11:
    branch g(-i) ? B12 : B13   [if]
  B12:
    goto B8   [continue]
  B13:
    a--
    goto B8
  B14:
    goto B3   [break]
  B15:
    a--
    goto B1
   check-output-end */
