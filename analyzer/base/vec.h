/*
 * vec.h — a typed growable array, tree-sitter's Array(T) in miniature.
 * Memory comes from malloc (not an arena) so a vector can grow freely;
 * the owner calls OL_VEC_FREE. Elements move when the vector grows:
 * never keep a pointer into one across a push.
 */
#ifndef OL_VEC_H
#define OL_VEC_H

#include "arena.h"
#include <string.h>

#define OL_VEC(T)                                                           \
	struct {                                                            \
		T *items;                                                   \
		size_t len, cap;                                            \
	}

#define OL_VEC_GROW(v, need)                                                \
	do {                                                                \
		if ((need) > (v)->cap) {                                    \
			size_t ol__c = (v)->cap ? (v)->cap * 2 : 8;         \
			while (ol__c < (need))                              \
				ol__c *= 2;                                 \
			(v)->items = ol_xrealloc((v)->items,                \
						 ol__c * sizeof(*(v)->items)); \
			(v)->cap = ol__c;                                   \
		}                                                           \
	} while (0)

#define OL_VEC_PUSH(v, x)                                                   \
	do {                                                                \
		OL_VEC_GROW((v), (v)->len + 1);                             \
		(v)->items[(v)->len++] = (x);                               \
	} while (0)

#define OL_VEC_FREE(v)                                                      \
	do {                                                                \
		free((v)->items);                                           \
		(v)->items = NULL;                                          \
		(v)->len = (v)->cap = 0;                                    \
	} while (0)

#endif
