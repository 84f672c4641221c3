// A block that keeps a pointer into itself (a variable-size struct whose
// `data` follows the header, a DLPack tensor whose shape follows it) is
// still this function's: storing `p + 1` into `p` gives no ownership
// away (issue 12).
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
	if (send_message(text, m->len) < 0)
		return -1; // expect-warning[MOJO-OWN-105] {{heap memory 'm' from 'malloc' is leaked on the error exit}}
	free(m);
	return 0;
}
