// The solver returns 0 on every path (pyscm's find_max).
#include <vector>

int find_max(double p, double *x, int n)
{
	std::vector<double> best(n);
	for (int i = 0; i < n; i++)
		best[i] = x[i] * p;
	return 0;
}
