/*
 * strmap.h — a map from strings to indexes (open addressing, grows at half
 * full), for lookups by name that a file of thousands of functions makes
 * thousands of times: which functions the file defines, which callees were
 * seen, which functions a method table registers. The map keeps pointers
 * to the caller's strings (they must outlive it) and the first index given
 * for each string.
 */
#ifndef OL_STRMAP_H
#define OL_STRMAP_H

#include <stdbool.h>
#include <stddef.h>

typedef struct ol_strmap {
	struct ol_strmap_slot {
		const char *key; // NULL: empty
		size_t value;
	} *slots;
	size_t cap, len;
} ol_strmap;

// Adds `key` -> `value` unless `key` is there; returns true when added.
bool ol_strmap_add(ol_strmap *m, const char *key, size_t value);
// The value of `key` into *value (may be NULL); false when absent.
bool ol_strmap_get(const ol_strmap *m, const char *key, size_t *value);
void ol_strmap_free(ol_strmap *m); // leaves an empty map

#endif
