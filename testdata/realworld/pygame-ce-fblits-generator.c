// Reduced from pygame-ce (pygame-community/pygame-ce) src_c/surface.c,
// surf_fblits, as of the parent of commit 977d6d50 (the merge of pull request
// https://github.com/pygame-community/pygame-ce/pull/2667, "Fix segfault in
// `surface.fblits`"). On the generator path each (Surface, dest) tuple comes
// from PyIter_Next with the only reference; its two items are borrowed with
// PyTuple_GET_ITEM and the tuple is released at once. A generator's fresh
// tuple dies there and takes its items with it, so src_surf and blit_pos
// are dangling when they are checked, converted (pg_TwoIntsFromObj can call
// the dest's __getitem__) and blitted: MOJO-BOR-201, a borrow used after
// its owner was released. The fix releases the
// tuple at the end of the iteration. The list/tuple fast path, the error
// table and pygame's C-API imports are left out; the generator loop is
// verbatim.
#include <Python.h>

typedef struct SDL_Surface { int w, h; } SDL_Surface;
typedef struct SDL_Rect { int x, y, w, h; } SDL_Rect;
typedef struct { PyObject_HEAD SDL_Surface *surf; } pgSurfaceObject;

extern PyTypeObject pgSurface_Type;
#define pgSurface_Check(x) (PyObject_IsInstance((x), (PyObject *)&pgSurface_Type))
#define pgSurface_AsSurface(x) (((pgSurfaceObject *)(x))->surf)

/* not in the stub Python.h */
int PyIter_Check(PyObject *o);
int PyObject_IsInstance(PyObject *inst, PyObject *cls);
int pg_TwoIntsFromObj(PyObject *obj, int *val1, int *val2);
SDL_Rect *pgRect_FromObject(PyObject *obj, SDL_Rect *temp);
int pgSurface_Blit(pgSurfaceObject *dstobj, pgSurfaceObject *srcobj,
                   SDL_Rect *dstrect, SDL_Rect *srcrect, int flags);

enum { BLITS_ERR_SOURCE_NOT_SURFACE = 1, BLITS_ERR_SEQUENCE_SURF,
       BLITS_ERR_INVALID_DESTINATION, BLITS_ERR_BLIT_FAIL,
       FBLITS_ERR_TUPLE_REQUIRED, BLITS_ERR_SEQUENCE_REQUIRED };

PyObject *
surf_fblits_generator(pgSurfaceObject *self, PyObject *blit_sequence,
                      int blend_flags)
{
    SDL_Surface *src;
    SDL_Rect *src_rect, temp, dest_rect;
    PyObject *item, *src_surf, *blit_pos;
    int error = 0;

    /* Generator path */
    if (PyIter_Check(blit_sequence)) {
        while ((item = PyIter_Next(blit_sequence))) {
            /* Check that the item is a tuple of length 2 */
            if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 2) {
                error = FBLITS_ERR_TUPLE_REQUIRED;
                Py_DECREF(item);
                goto on_error;
            }

            /* Extract the Surface and destination objects from the
             * (Surface, dest) tuple */
            src_surf = PyTuple_GET_ITEM(item, 0);
            blit_pos = PyTuple_GET_ITEM(item, 1);

            Py_DECREF(item);

            /* Check that the source is a Surface */
            if (!pgSurface_Check(src_surf)) { // expect-error[MOJO-BOR-201] {{'src_surf' is passed to 'PyObject_IsInstance' after its owner new reference 'item' from 'PyIter_Next' was released}}
                error = BLITS_ERR_SOURCE_NOT_SURFACE;
                goto on_error;
            }
            if (!(src = pgSurface_AsSurface(src_surf))) {
                error = BLITS_ERR_SEQUENCE_SURF;
                goto on_error;
            }

            /* Try to extract a valid blit position */
            if (pg_TwoIntsFromObj(blit_pos, &dest_rect.x, &dest_rect.y)) { // expect-error[MOJO-BOR-201] {{'blit_pos' is passed to 'pg_TwoIntsFromObj' after its owner new reference 'item'}}
            }
            else if ((src_rect = pgRect_FromObject(blit_pos, &temp))) {
                dest_rect.x = src_rect->x;
                dest_rect.y = src_rect->y;
            }
            else {
                error = BLITS_ERR_INVALID_DESTINATION;
                goto on_error;
            }

            dest_rect.w = src->w;
            dest_rect.h = src->h;

            /* Perform the blit */
            if (pgSurface_Blit(self, (pgSurfaceObject *)src_surf, &dest_rect,
                               NULL, blend_flags)) {
                error = BLITS_ERR_BLIT_FAIL;
                goto on_error;
            }
        }
    }
    else {
        error = BLITS_ERR_SEQUENCE_REQUIRED;
        goto on_error;
    }

    Py_RETURN_NONE;

on_error:
    if (error)
        PyErr_SetString(PyExc_TypeError, "fblits failed");
    return NULL;
}
