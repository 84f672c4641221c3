// A library's function template in a namespace, named as a function of
// the module that uses it is (namespace-same-name-good.cpp,
// namespace-same-name-bad.cpp).
#pragma once
#include <vector>

namespace mesh {
template <typename F>
void marching_cubes(int n, F f, std::vector<double> &out)
{
	for (int i = 0; i < n; i++)
		out.push_back(f(i));
}
} // namespace mesh
