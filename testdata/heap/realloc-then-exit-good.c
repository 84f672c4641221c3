// A failed realloc that overwrites the only handle to the old block, on a
// path that goes straight to the end of the process (kitty's
// `if (!samples) fatal("Out of memory");`, a `{ ..; exit(EXIT_FAILURE); }`
// macro): nothing outlives the loss.
// expect-no-diagnostics
#include <stdio.h>
#include <stdlib.h>

#define fatal(msg)                                                             \
	{                                                                      \
		fprintf(stderr, "%s\n", msg);                                  \
		exit(EXIT_FAILURE);                                            \
	}

double mean_of_halves(long n)
{
	long cap = 16, i = 0;
	double *samples = (double *)malloc(sizeof(double) * (size_t)cap);
	if (!samples)
		fatal("Out of memory");
	for (; i < n; i++) {
		if (i >= cap) {
			cap *= 2;
			samples = (double *)realloc(samples, sizeof(double) * (size_t)cap);
			if (!samples)
				fatal("Out of memory");
		}
		samples[i] = (double)i / 2;
	}
	double sum = 0;
	for (long j = 0; j < i; j++)
		sum += samples[j];
	free(samples);
	return i ? sum / (double)i : 0;
}
