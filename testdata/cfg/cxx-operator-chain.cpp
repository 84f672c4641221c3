// ARGS: --dump-cfg dbg
// A chain of calls to free `operator<<`s: an operator call lists its
// callee between its operands, and each link is lowered once (taking
// the left operand for the callee lowered a chain of n links 2^n times).
namespace std {
struct ostream {
	ostream &operator<<(int);
};
ostream &operator<<(ostream &, const char *);
extern ostream cout;
}
struct E {
	int a, b;
};
std::ostream &operator<<(std::ostream &os, const E &e);

void dbg(const E *l)
{
	std::cout << "T" << " k1=" << *l << " k2=" << *l << 3;
}

/* check-output-start
function dbg(l) -> void
  vars: cout (global)
  B0 (entry):
    ostream::operator<<(&operator<<(std::operator<<(operator<<(std::operator<<(std::operator<<(&cout, "T"), " k1="), *l), " k2="), *l), 3)
    return
   check-output-end */
