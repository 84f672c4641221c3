// From LinuxCNC (LinuxCNC/linuxcnc) src/emc/usr_intf/axis/extensions/
// emcmodule.cc, Logger_init, at the parent of commit 43cb59d ("keep proper
// reference count of the internal stat object of position logger objects.
// This fixes a segfault ...", https://github.com/LinuxCNC/linuxcnc/commit/43cb59d7e8039912d5244075a21d6e1d059811bd):
// PyArg_ParseTuple's "O!" writes the borrowed stat object straight into
// the logger's field; nothing holds it once the caller drops its own
// reference, and the logger thread reads freed memory. The stat type is
// declared, not included; Logger_init is verbatim. Logger_init_fixed is
// the function as the fix left it.
#include <Python.h>
#include <stdlib.h>

typedef struct { PyObject_HEAD } pyStatChannel;
extern PyTypeObject Stat_Type;

struct color { unsigned char r, g, b, a; };
struct logger_point { float x, y, z; struct color c; };

#define NUMCOLORS (6)
typedef struct {
    PyObject_HEAD
    int npts, mpts, lpts;
    struct logger_point *p;
    struct color colors[NUMCOLORS];
    bool exit, clear, changed;
    pyStatChannel *st;
} pyPositionLogger;

int Logger_init(pyPositionLogger *self, PyObject *a, PyObject *k) {
    struct color *c = self->colors;
    self->p = (logger_point*)malloc(0);
    self->npts = self->mpts = 0;
    self->exit = self->clear = 0;
    self->changed = 1;
    if(!PyArg_ParseTuple(a, "O!(BBBB)(BBBB)(BBBB)(BBBB)(BBBB)(BBBB)",
            &Stat_Type, &self->st, // expect-warning[MOJO-BOR-202] {{borrowed reference 'self->st' from 'PyArg_ParseTuple' is stored without taking a reference}}
            &c[0].r,&c[0].g, &c[0].b, &c[0].a,
            &c[1].r,&c[1].g, &c[1].b, &c[1].a,
            &c[2].r,&c[2].g, &c[2].b, &c[2].a,
            &c[3].r,&c[3].g, &c[3].b, &c[3].a,
            &c[4].r,&c[4].g, &c[4].b, &c[4].a,
            &c[5].r,&c[5].g, &c[5].b, &c[5].a
            ))
        return -1;
    return 0;
}

int Logger_init_fixed(pyPositionLogger *self, PyObject *a, PyObject *k) {
    struct color *c = self->colors;
    self->p = (logger_point*)malloc(0);
    self->npts = self->mpts = 0;
    self->exit = self->clear = 0;
    self->changed = 1;
    self->st = 0;
    if(!PyArg_ParseTuple(a, "O!(BBBB)(BBBB)(BBBB)(BBBB)(BBBB)(BBBB)",
            &Stat_Type, &self->st,
            &c[0].r,&c[0].g, &c[0].b, &c[0].a,
            &c[1].r,&c[1].g, &c[1].b, &c[1].a,
            &c[2].r,&c[2].g, &c[2].b, &c[2].a,
            &c[3].r,&c[3].g, &c[3].b, &c[3].a,
            &c[4].r,&c[4].g, &c[4].b, &c[4].a,
            &c[5].r,&c[5].g, &c[5].b, &c[5].a
            ))
        return -1;
    Py_INCREF(self->st);
    return 0;
}

void Logger_dealloc(pyPositionLogger *s) {
    free(s->p);
    Py_XDECREF(s->st);
    PyObject_Del(s);
}
