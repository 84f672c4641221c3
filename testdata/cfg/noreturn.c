// ARGS: --dump-cfg check
// Calls that do not return end the path: libc names, C11 _Noreturn,
// __attribute__((noreturn)), [[noreturn]], and one nested in an
// expression (the path ends after the op).
void abort(void);
void exit(int);
_Noreturn void die(const char *msg);
void fatal(int code) __attribute__((noreturn));
[[noreturn]] void bail(void);
int g(int);

int check(int a)
{
	if (a == 1)
		abort();
	if (a == 2)
		exit(2);
	if (a == 3)
		die("three");
	if (a == 4)
		fatal(4);
	if (a == 5)
		bail();
	if (a == 6)
		g(a), abort();
	return a;
}

/* check-output-start
function check(a) -> int
  B0 (entry):
    branch a == 1 ? B1 : B2   [if]
  B1:
    abort()
    noreturn
  B2:
    branch a == 2 ? B3 : B4   [if]
  B3:
    exit(2)
    noreturn
  B4:
    branch a == 3 ? B5 : B6   [if]
  B5:
    die("three")
    noreturn
  B6:
    branch a == 4 ? B7 : B8   [if]
  B7:
    fatal(4)
    noreturn
  B8:
    branch a == 5 ? B9 : B10   [if]
  B9:
    bail()
    noreturn
  B10:
    branch a == 6 ? B11 : B12   [if]
  B11:
    g(a)
    abort()
    noreturn
  B12:
    return a
   check-output-end */
