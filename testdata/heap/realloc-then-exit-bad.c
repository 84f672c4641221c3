// As realloc-then-exit-good.c, but the failure returns: the old block is
// lost.
#include <stdio.h>
#include <stdlib.h>

double mean_of_halves(long n)
{
	long cap = 16, i = 0;
	double *samples = (double *)malloc(sizeof(double) * (size_t)cap);
	if (!samples)
		return -1;
	for (; i < n; i++) {
		if (i >= cap) {
			cap *= 2;
			samples = (double *)realloc(samples, sizeof(double) * (size_t)cap);
			if (!samples) // expect-warning[MOJO-OWN-101] {{heap memory 'samples' from 'malloc' is leaked: its last handle is lost here}} expect-warning[MOJO-OWN-101] {{heap memory 'samples' from 'realloc' is leaked: its last handle is lost here}}
				return -1;
		}
		samples[i] = (double)i / 2;
	}
	double sum = 0;
	for (long j = 0; j < i; j++)
		sum += samples[j];
	free(samples);
	return i ? sum / (double)i : 0;
}
