/* ownlint-test.h — the test suite's probes (../../include/ownlint-test.h). */
#include "../../include/ownlint-test.h"
