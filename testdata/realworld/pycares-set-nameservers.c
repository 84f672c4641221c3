// From pycares (saghul/pycares) src/cares.c, set_nameservers, at the
// parent of commit b74412f ("Fix crash due to misuse of
// PySequence_Fast_GET_ITEM", https://github.com/saghul/pycares/pull/9):
// each server string, borrowed from the PySequence_Fast result, is released
// with Py_DECREF as if it were owned, and the list's items are freed under
// it ("This causes the Python garbage collector to crash"). c-ares's types
// are declared, not included; the function body is verbatim. The sequence
// itself is never released either (MOJO-OWN-101, fixed later upstream).
#include <Python.h>
#include <limits.h>
#include <netinet/in.h>

struct ares_addr_node {
	struct ares_addr_node *next;
	int family;
	union {
		struct in_addr addr4;
		struct in6_addr addr6;
	} addr;
};
typedef struct ares_channeldata *ares_channel;
#define ARES_SUCCESS 0
int ares_inet_pton(int af, const char *src, void *dst);
int ares_set_servers(ares_channel channel, struct ares_addr_node *servers);
void raise_ares_exception(int r);
#define RAISE_ARES_EXCEPTION(r) raise_ares_exception(r)

typedef struct {
	PyObject_HEAD
	ares_channel channel;
} Channel;

int
set_nameservers(Channel *self, PyObject *value)
{
    char *server;
    int i, r, length, ret;
    struct ares_addr_node *servers;
    Py_buffer pbuf;
    PyObject *server_list, *item, *data_fast;

    servers = NULL;
    server_list = value;
    ret = 0;

    if ((data_fast = PySequence_Fast(server_list, "argument 1 must be an iterable")) == NULL) {
        return -1;
    }

    length = PySequence_Fast_GET_SIZE(data_fast);
    if (length > INT_MAX) {
        PyErr_SetString(PyExc_ValueError, "argument 1 is too long");
        Py_DECREF(data_fast);
        return -1;
    }

    if (length == 0) {
        /* c-ares doesn't do anything */
        return 0; // expect-warning[MOJO-OWN-101] {{new reference 'data_fast' from 'PySequence_Fast' is never released}}
    }

    servers = PyMem_Malloc(sizeof(struct ares_addr_node) * length);
    if (!servers) {
        PyErr_NoMemory();
        ret = -1;
        goto end;
    }

    for (i = 0; i < length; i++) {
        item = PySequence_Fast_GET_ITEM(data_fast, i);
        if (!item || !PyArg_Parse(item, "s*;args contains a non-string value", &pbuf)) {
            Py_XDECREF(item); // expect-error[MOJO-OWN-106] {{borrowed reference 'item' from 'PySequence_Fast_GET_ITEM' is released by 'Py_XDECREF'}}
            goto end;
        }
        Py_DECREF(item); // expect-error[MOJO-OWN-106] {{borrowed reference 'item' from 'PySequence_Fast_GET_ITEM' is released by 'Py_DECREF'}}
        server = pbuf.buf;

        if (ares_inet_pton(AF_INET, server, &servers[i].addr.addr4) == 1) {
            servers[i].family = AF_INET;
        } else if (ares_inet_pton(AF_INET6, server, &servers[i].addr.addr6) == 1) {
            servers[i].family = AF_INET6;
        } else {
            PyErr_SetString(PyExc_ValueError, "invalid IP address");
            PyBuffer_Release(&pbuf);
            ret = -1;
            goto end;
        }

        PyBuffer_Release(&pbuf);

        if (i > 0) {
            servers[i-1].next = &servers[i];
        }

    }

    if (servers) {
        servers[length-1].next = NULL;
    }

    r = ares_set_servers(self->channel, servers);
    if (r != ARES_SUCCESS) {
        RAISE_ARES_EXCEPTION(r);
        ret = -1;
    }

end:
    PyMem_Free(servers);
    return ret;
}
