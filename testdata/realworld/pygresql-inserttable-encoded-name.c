// From PyGreSQL (PyGreSQL/PyGreSQL) pgconn.c, conn_inserttable, at the
// parent of commit c55d003 ("Fix use after free issue in inserttable()
// (#71)", https://github.com/PyGreSQL/PyGreSQL/commit/c55d00342d77ee99757fc18f372c0c80afc54f7f,
// https://github.com/PyGreSQL/PyGreSQL/pull/71): for a str column name the
// encoded bytes object is released with Py_DECREF right after
// PyBytes_AsStringAndSize took a pointer into it, and that pointer is then
// passed to PQescapeIdentifier: an interior pointer read after its owner
// was released (MOJO-BOR-201; this is not the borrow-across-Python-code
// shape of #13). The fix keeps the bytes object until after the escape;
// pygresql-inserttable-encoded-name-good.c holds the fixed function. The
// other four findings are defects of the same code that the fix left as
// they were: iter_row leaked when the columns argument has a wrong type, a
// row that is no sequence released twice, and the results of PyObject_Str
// and PyObject_Repr used and released without a NULL check.
// libpq's types and functions are declared, not included; get_encoded_string
// (pginternal.c) and conn_inserttable are verbatim, made non-static, with
// the py3c.h names PyStr_AsString and PyInt_Check mapped as py3c.h does.
#include <Python.h>
#include <stdio.h>
#include <string.h>

typedef struct pg_conn PGconn;
typedef struct pg_result PGresult;
typedef enum { PGRES_COPY_IN = 4 } ExecStatusType;
int PQclientEncoding(const PGconn *conn);
char *PQescapeIdentifier(PGconn *conn, const char *str, size_t len);
void PQfreemem(void *ptr);
PGresult *PQexec(PGconn *conn, const char *query);
ExecStatusType PQresultStatus(const PGresult *res);
char *PQerrorMessage(const PGconn *conn);
void PQclear(PGresult *res);
int PQendcopy(PGconn *conn);
int PQputline(PGconn *conn, const char *string);
const char *pg_encoding_to_char(int encoding_id);

#define PyStr_AsString PyUnicode_AsUTF8
#define PyInt_Check PyLong_Check
#define MAX_BUFFER_SIZE 8192  /* maximum transaction size */

extern int pg_encoding_utf8;
extern int pg_encoding_latin1;
extern int pg_encoding_ascii;

typedef struct
{
    PyObject_HEAD
    int        valid;             /* validity flag */
    PGconn     *cnx;              /* Postgres connection handle */
    const char *date_format;      /* date format derived from datestyle */
    PyObject   *cast_hook;        /* external typecast method */
    PyObject   *notice_receiver;  /* current notice receiver */
}   connObject;

/* Not in the stub Python.h (real CPython declares them). */
PyObject *PyUnicode_AsLatin1String(PyObject *unicode);
PyObject *PyUnicode_AsASCIIString(PyObject *unicode);
PyObject *PyUnicode_AsEncodedString(PyObject *unicode, const char *encoding,
                                    const char *errors);
int PySequence_Check(PyObject *o);
#define PyBytes_Check(op) \
    PyType_FastSubclass(Py_TYPE(op), Py_TPFLAGS_BYTES_SUBCLASS)
#define PyExc_IOError PyExc_OSError
#ifndef Py_TPFLAGS_BYTES_SUBCLASS
#define Py_TPFLAGS_BYTES_SUBCLASS (1UL << 27)
#endif

PyObject *
get_encoded_string(PyObject *unicode_obj, int encoding)
{
    if (encoding == pg_encoding_utf8)
        return PyUnicode_AsUTF8String(unicode_obj);
    if (encoding == pg_encoding_latin1)
        return PyUnicode_AsLatin1String(unicode_obj);
    if (encoding == pg_encoding_ascii)
        return PyUnicode_AsASCIIString(unicode_obj);
    /* encoding name should be properly translated to Python here */
    return PyUnicode_AsEncodedString(unicode_obj,
        pg_encoding_to_char(encoding), "strict");
}

PyObject *
conn_inserttable(connObject *self, PyObject *args)
{
    PGresult *result;
    char *table, *buffer, *bufpt, *bufmax, *s, *t;
    int encoding;
    size_t bufsiz;
    PyObject *rows, *iter_row, *item, *columns = NULL;
    Py_ssize_t i, j, m, n;

    if (!self->cnx) {
        PyErr_SetString(PyExc_TypeError, "Connection is not valid");
        return NULL;
    }

    /* gets arguments */
    if (!PyArg_ParseTuple(args, "sO|O", &table, &rows, &columns)) {
        PyErr_SetString(
            PyExc_TypeError,
            "Method inserttable() expects a string and a list as arguments");
        return NULL;
    }

    /* checks list type */
    if (!(iter_row = PyObject_GetIter(rows)))
    {
        PyErr_SetString(
            PyExc_TypeError,
            "Method inserttable() expects an iterable"
            " as second argument");
        return NULL;
    }
    m = PySequence_Check(rows) ? PySequence_Size(rows) : -1;
    if (!m) {
        /* no rows specified, nothing to do */
        Py_DECREF(iter_row); Py_INCREF(Py_None); return Py_None;
    }

    /* checks columns type */
    if (columns) {
        if (!(PyTuple_Check(columns) || PyList_Check(columns))) {
            PyErr_SetString(
                PyExc_TypeError,
                "Method inserttable() expects a tuple or a list"
                " as third argument");
            return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'iter_row' from 'PyObject_GetIter' is leaked on the error exit}}
        }

        n = PySequence_Fast_GET_SIZE(columns);
        if (!n) {
            /* no columns specified, nothing to do */
            Py_DECREF(iter_row); Py_INCREF(Py_None); return Py_None;
        }
    } else {
        n = -1; /* number of columns not yet known */
    }

    /* allocate buffer */
    if (!(buffer = PyMem_Malloc(MAX_BUFFER_SIZE))) {
        Py_DECREF(iter_row); return PyErr_NoMemory();
    }

    encoding = PQclientEncoding(self->cnx);

    /* starts query */
    bufpt = buffer;
    bufmax = bufpt + MAX_BUFFER_SIZE;
    bufpt += snprintf(bufpt, (size_t) (bufmax - bufpt), "copy ");

    s = table;
    do {
        t = strchr(s, '.'); if (!t) t = s + strlen(s);
        table = PQescapeIdentifier(self->cnx, s, (size_t) (t - s));
        if (bufpt < bufmax)
            bufpt += snprintf(bufpt, (size_t) (bufmax - bufpt), "%s", table);
        PQfreemem(table);
        s = t; if (*s &&  bufpt < bufmax) *bufpt++ = *s++;
    } while (*s);

    if (columns) {
        /* adds a string like f" ({','.join(columns)})" */
        if (bufpt < bufmax)
            bufpt += snprintf(bufpt, (size_t) (bufmax - bufpt), " (");
        for (j = 0; j < n; ++j) {
            PyObject *obj = PySequence_Fast_GET_ITEM(columns, j);
            Py_ssize_t slen;
            char *col;

            if (PyBytes_Check(obj)) {
                PyBytes_AsStringAndSize(obj, &col, &slen);
            }
            else if (PyUnicode_Check(obj)) {
                obj = get_encoded_string(obj, encoding);
                if (!obj) {
                    PyMem_Free(buffer); Py_DECREF(iter_row);
                    return NULL; /* pass the UnicodeEncodeError */
                }
                PyBytes_AsStringAndSize(obj, &col, &slen);
                Py_DECREF(obj);
            } else {
                PyErr_SetString(
                    PyExc_TypeError,
                    "The third argument must contain only strings");
                PyMem_Free(buffer); Py_DECREF(iter_row);
                return NULL;
            }
            col = PQescapeIdentifier(self->cnx, col, (size_t) slen); // expect-error[MOJO-BOR-201] {{'col' is passed to 'PQescapeIdentifier' after its owner new reference 'obj' from 'get_encoded_string' was released}}
            if (bufpt < bufmax)
                bufpt += snprintf(bufpt, (size_t) (bufmax - bufpt),
                    "%s%s", col, j == n - 1 ? ")" : ",");
            PQfreemem(col);
        }
    }
    if (bufpt < bufmax)
        snprintf(bufpt, (size_t) (bufmax - bufpt), " from stdin");
    if (bufpt >= bufmax)  {
        PyMem_Free(buffer); Py_DECREF(iter_row);
        return PyErr_NoMemory();
    }

    Py_BEGIN_ALLOW_THREADS
    result = PQexec(self->cnx, buffer);
    Py_END_ALLOW_THREADS

    if (!result || PQresultStatus(result) != PGRES_COPY_IN) {
        PyMem_Free(buffer); Py_DECREF(iter_row);
        PyErr_SetString(PyExc_ValueError, PQerrorMessage(self->cnx));
        return NULL;
    }

    PQclear(result);

    /* feed table */
    for (i = 0; m < 0 || i < m; ++i) {

        if (!(columns = PyIter_Next(iter_row))) break;

        if (!(PyTuple_Check(columns) || PyList_Check(columns))) {
            PQendcopy(self->cnx); PyMem_Free(buffer);
            Py_DECREF(columns); Py_DECREF(columns); Py_DECREF(iter_row); // expect-error[MOJO-OWN-104] {{new reference 'columns' from 'PyIter_Next' is released twice}}
            PyErr_SetString(
                PyExc_TypeError,
                "The second argument must contain tuples or lists");
            return NULL;
        }

        j = PySequence_Fast_GET_SIZE(columns);
        if (n < 0) {
            n = j;
        } else if (j != n) {
            PQendcopy(self->cnx); PyMem_Free(buffer);
            Py_DECREF(columns); Py_DECREF(iter_row);
            PyErr_SetString(
                PyExc_TypeError,
                "The second arg must contain sequences of the same size");
            return NULL;
        }

        /* builds insert line */
        bufpt = buffer;
        bufsiz = MAX_BUFFER_SIZE - 1;

        for (j = 0; j < n; ++j) {
            if (j) {
                *bufpt++ = '\t'; --bufsiz;
            }

            item = PySequence_Fast_GET_ITEM(columns, j);

            /* convert item to string and append to buffer */
            if (item == Py_None) {
                if (bufsiz > 2) {
                    *bufpt++ = '\\'; *bufpt++ = 'N';
                    bufsiz -= 2;
                }
                else
                    bufsiz = 0;
            }
            else if (PyBytes_Check(item)) {
                const char* t = PyBytes_AsString(item);

                while (*t && bufsiz) {
                    switch (*t) {
                        case '\\':
                            *bufpt++ = '\\';
                            if (--bufsiz) *bufpt ++= '\\';
                            break;
                        case '\t':
                            *bufpt++ = '\\';
                            if (--bufsiz) *bufpt ++= 't';
                            break;
                        case '\r':
                            *bufpt++ = '\\';
                            if (--bufsiz) *bufpt ++= 'r';
                            break;
                        case '\n':
                            *bufpt++ = '\\';
                            if (--bufsiz) *bufpt ++= 'n';
                            break;
                        default:
                           *bufpt ++= *t;
                    }
                    ++t; --bufsiz;
                }
            }
            else if (PyUnicode_Check(item)) {
                PyObject *s = get_encoded_string(item, encoding);
                if (!s) {
                    PQendcopy(self->cnx); PyMem_Free(buffer);
                    Py_DECREF(item); Py_DECREF(columns); Py_DECREF(iter_row);
                    return NULL; /* pass the UnicodeEncodeError */
                }
                else {
                    const char* t = PyBytes_AsString(s);

                    while (*t && bufsiz) {
                        switch (*t) {
                            case '\\':
                                *bufpt++ = '\\';
                                if (--bufsiz) *bufpt ++= '\\';
                                break;
                            case '\t':
                                *bufpt++ = '\\';
                                if (--bufsiz) *bufpt ++= 't';
                                break;
                            case '\r':
                                *bufpt++ = '\\';
                                if (--bufsiz) *bufpt ++= 'r';
                                break;
                            case '\n':
                                *bufpt++ = '\\';
                                if (--bufsiz) *bufpt ++= 'n';
                                break;
                            default:
                               *bufpt ++= *t;
                        }
                        ++t; --bufsiz;
                    }
                    Py_DECREF(s);
                }
            }
            else if (PyInt_Check(item) || PyLong_Check(item)) {
                PyObject* s = PyObject_Str(item);
                const char* t = PyStr_AsString(s); // expect-warning[MOJO-OWN-109] {{new reference 's' from 'PyObject_Str' is passed to 'PyStr_AsString' before it is checked for NULL}}

                while (*t && bufsiz) {
                    *bufpt++ = *t++; --bufsiz;
                }
                Py_DECREF(s);
            }
            else {
                PyObject* s = PyObject_Repr(item);
                const char* t = PyStr_AsString(s); // expect-warning[MOJO-OWN-109] {{new reference 's' from 'PyObject_Repr' is passed to 'PyStr_AsString' before it is checked for NULL}}

                while (*t && bufsiz) {
                    switch (*t) {
                        case '\\':
                            *bufpt++ = '\\';
                            if (--bufsiz) *bufpt ++= '\\';
                            break;
                        case '\t':
                            *bufpt++ = '\\';
                            if (--bufsiz) *bufpt ++= 't';
                            break;
                        case '\r':
                            *bufpt++ = '\\';
                            if (--bufsiz) *bufpt ++= 'r';
                            break;
                        case '\n':
                            *bufpt++ = '\\';
                            if (--bufsiz) *bufpt ++= 'n';
                            break;
                        default:
                           *bufpt ++= *t;
                    }
                    ++t; --bufsiz;
                }
                Py_DECREF(s);
            }

            if (bufsiz <= 0) {
                PQendcopy(self->cnx); PyMem_Free(buffer);
                Py_DECREF(columns); Py_DECREF(iter_row);
                return PyErr_NoMemory();
            }

        }

         Py_DECREF(columns);

        *bufpt++ = '\n'; *bufpt = '\0';

        /* sends data */
        if (PQputline(self->cnx, buffer)) {
            PyErr_SetString(PyExc_IOError, PQerrorMessage(self->cnx));
            PQendcopy(self->cnx); PyMem_Free(buffer);  Py_DECREF(iter_row);
            return NULL;
        }
    }

    Py_DECREF(iter_row);
    if (PyErr_Occurred()) {
        PQendcopy(self->cnx); PyMem_Free(buffer);
        return NULL; /* pass the iteration error */
    }

    /* ends query */
    if (PQputline(self->cnx, "\\.\n")) {
        PyErr_SetString(PyExc_IOError, PQerrorMessage(self->cnx));
        PQendcopy(self->cnx); PyMem_Free(buffer);
        return NULL;
    }

    if (PQendcopy(self->cnx)) {
        PyErr_SetString(PyExc_IOError, PQerrorMessage(self->cnx));
        PyMem_Free(buffer);
        return NULL;
    }

    PyMem_Free(buffer);

    /* no error : returns nothing */
    Py_INCREF(Py_None);
    return Py_None;
}
