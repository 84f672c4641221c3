// ARGS: --dump-cfg nested
// Nested switch: `break` leaves the innermost; a switch without default
// falls to its exit; a loop inside a switch takes `break` for itself.
int g(int);

int nested(int a, int b)
{
	switch (a) {
	case 0:
		switch (b) {
		case 1:
			g(1);
			break;
		}
		g(2);
		break;
	case 1:
		for (;;) {
			if (g(b))
				break;
		}
		break;
	}
	return 0;
}

/* check-output-start
function nested(a, b) -> int
  B0 (entry):
    switch a: 0 -> B2, 1 -> B5, default -> B1   [switch]
  B1:
    return 0
  B2:
    switch b: 1 -> B4, default -> B3   [switch]
  B3:
    g(2)
    goto B1   [break]
  B4:
    g(1)
    goto B3   [break]
  B5:
    branch g(b) ? B7 : B5   [if]
  B6:
    goto B1   [break]
  B7:
    goto B6   [break]
   check-output-end */
