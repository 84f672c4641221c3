/*
 * strmap.c — see strmap.h. Linear probing over a power-of-two table keyed
 * by ol_hash_str(); the table doubles when it is half full, so a lookup
 * costs O(1) whatever the number of names.
 */
#include "strmap.h"
#include "arena.h"
#include "serial.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static size_t slot_of(const ol_strmap *m, const char *key)
{
	size_t mask = m->cap - 1;
	size_t i = (size_t)ol_hash_str(OL_HASH_INIT, key) & mask;
	while (m->slots[i].key && strcmp(m->slots[i].key, key))
		i = (i + 1) & mask;
	return i;
}

bool ol_strmap_add(ol_strmap *m, const char *key, size_t value)
{
	if ((m->len + 1) * 2 > m->cap) {
		ol_strmap grown = {0};
		grown.cap = m->cap ? m->cap * 2 : 16;
		grown.slots = ol_xcalloc(grown.cap, sizeof *grown.slots);
		for (size_t i = 0; i < m->cap; i++)
			if (m->slots[i].key)
				grown.slots[slot_of(&grown, m->slots[i].key)] =
					m->slots[i];
		grown.len = m->len;
		free(m->slots);
		*m = grown;
	}
	size_t i = slot_of(m, key);
	if (m->slots[i].key)
		return false;
	m->slots[i].key = key;
	m->slots[i].value = value;
	m->len++;
	return true;
}

bool ol_strmap_get(const ol_strmap *m, const char *key, size_t *value)
{
	if (!m->cap)
		return false;
	size_t i = slot_of(m, key);
	if (!m->slots[i].key)
		return false;
	if (value)
		*value = m->slots[i].value;
	return true;
}

void ol_strmap_free(ol_strmap *m)
{
	free(m->slots);
	memset(m, 0, sizeof *m);
}
