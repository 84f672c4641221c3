/*
 * ownlint-test.h — probes for testdata cases. The engine
 * prints what it knows of a value at a probe as a note:
 *   __ownlint_state(p);   // expect-note {{heap: owned, maybe-null}}
 */
#ifndef OWNLINT_TEST_H
#define OWNLINT_TEST_H
void __ownlint_state(const void *value);
#endif
