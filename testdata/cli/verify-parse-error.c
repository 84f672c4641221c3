// A --verify case that does not compile must fail, whatever it expects.
// expect-no-diagnostics
int f(void)
{
	return undeclared_name;
}
