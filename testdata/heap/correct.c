// Correct code that must stay quiet: transfers, NULL checks, frees.
// expect-no-diagnostics
#include <stdlib.h>
#include <string.h>

struct buf {
	char *data;
	size_t len;
};

static char *global_name;

char *dup_or_null(const char *s)
{
	char *p = strdup(s);
	if (!p)
		return NULL;
	return p; // ownership goes to the caller
}

int attach(struct buf *b, size_t n)
{
	char *d = malloc(n);
	if (!d)
		return -1;
	b->data = d; // stored in a caller's struct: transferred
	b->len = n;
	return 0;
}

void set_name(const char *s)
{
	free(global_name);
	global_name = strdup(s); // stored in a global
}

void free_null_is_fine(void)
{
	char *p = NULL;
	free(p);
}

void handed_off(void (*sink)(char *), size_t n)
{
	char *p = malloc(n);
	sink(p); // unknown callee may keep it
}

void keep_in_array(char **slots, int i)
{
	slots[i] = malloc(10);
}

void noreturn_path(void)
{
	char *p = malloc(10);
	if (!p)
		abort();
	if (p[0] == 'x')
		abort(); // the process ends: nothing leaks
	free(p);
}

char *interior(size_t n)
{
	char *p = malloc(n + 1);
	if (!p)
		return NULL;
	memset(p, 0, n + 1);
	return p;
}

int loop_alloc_free(int n)
{
	for (int i = 0; i < n; i++) {
		char *p = malloc(16);
		if (!p)
			return -1;
		p[0] = (char)i;
		free(p);
	}
	return 0;
}

int through_switch(int kind)
{
	char *p = malloc(8);
	if (p == NULL)
		return -1;
	switch (kind) {
	case 0:
		p[0] = 'a';
		break;
	case 1:
	case 2:
		p[0] = 'b';
		/* fall through */
	default:
		p[1] = 'c';
	}
	free(p);
	return 0;
}

int short_circuit(size_t n, int flag)
{
	char *p = malloc(n);
	if (p != NULL && flag) {
		free(p);
		return 1;
	}
	if (p)
		free(p);
	return 0;
}

int ternary(size_t n)
{
	char *p = n ? malloc(n) : NULL;
	int ok = p ? 1 : 0;
	free(p);
	return ok;
}

// strcpy and memcpy return their destination: storing the result stores
// the block.
struct fmt {
	char *format;
};

int copy_format(struct fmt *m, const char *src)
{
	char *cp = malloc(strlen(src) + 1);
	if (cp == NULL)
		return -1;
	m->format = strcpy(cp, src);
	return 0;
}

char *dup_bytes(const void *src, size_t n)
{
	char *p = malloc(n);
	if (p == NULL)
		return NULL;
	return memcpy(p, src, n);
}
