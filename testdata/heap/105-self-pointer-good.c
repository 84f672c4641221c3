// A block that keeps a pointer into itself, freed on every path.
// expect-no-diagnostics
#include <Python.h>
#include <stdlib.h>
#include <string.h>

typedef struct message {
	size_t len;
	char *data;
} message;

int send_message(const char *text, size_t len);

int send_copy(const char *text, size_t len)
{
	message *m = malloc(sizeof *m + len);
	if (m == NULL)
		return -1;
	m->len = len;
	m->data = (char *)(m + 1);
	for (size_t i = 0; i < len; i++)
		m->data[i] = text[i];
	int rc = send_message(text, m->len);
	free(m);
	return rc < 0 ? -1 : 0;
}

// Handed on with the pointer into itself: the caller owns it.
message *make_message(const char *text, size_t len)
{
	message *m = malloc(sizeof *m + len);
	if (m == NULL)
		return NULL;
	m->len = len;
	m->data = (char *)(m + 1);
	for (size_t i = 0; i < len; i++)
		m->data[i] = text[i];
	return m;
}
