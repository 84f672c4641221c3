// From Nuitka (Nuitka/Nuitka) nuitka/build/static_src/CompiledCodeHelpers.cpp,
// PRINT_ITEM_TO and PRINT_NEW_LINE_TO (the Python 2 `print` statement), as
// of the parent of commit f133e1ee9 ("Fixup, the printing code was now
// vulnerable against changing sys.stdout during print", 2012), whose
// follow-up 29365e543 ("the printing of the newline must also guard against
// sys.stdout going away during its operation") fixed the second function.
// Without a file, both print to GET_STDOUT(), which returns sys.stdout
// borrowed from the sys module's dict. Then Python code runs: the item's
// __str__ (PyObject_Str), the file's softspace attribute and its write
// method (PyFile_SoftSpace, PyFile_WriteString). That code may assign
// sys.stdout, dropping the dict's reference and freeing the file object,
// which is used again right after (PyFile_WriteObject, PyFile_SoftSpace).
// The fixes take a reference to `file` for the duration of the call. The
// functions and GET_STDOUT are verbatim, with PYTHON_VERSION set so that
// the Python 2 branch is the one compiled; Nuitka's macros (unlikely,
// assertObject), its exception class and its builtin cache are reduced to
// declarations, and the Python 2 API is declared as Python 2's headers do.
// The tool reports the Py_DECREF of the borrowed `file` on the error path
// of the soft-space write (true; the same fix balanced it by taking the
// reference), and that GET_STDOUT returns a borrowed reference where a new
// one is the convention for a function other files call (Nuitka's callers
// know it is borrowed: a false positive without a contract).
#include <Python.h>
#include <assert.h>

#define PYTHON_VERSION 270
#define unlikely(x) (x)
#define likely(x) (x)
#define assertObject(value) assert((value) != NULL && Py_REFCNT(value) > 0)

// Python 2's API, as its headers declare it (not in the test headers).
int PyFile_SoftSpace(PyObject *f, int newflag);
int PyFile_WriteString(const char *s, PyObject *f);
int PyFile_WriteObject(PyObject *obj, PyObject *f, int flags);
int PyString_AsStringAndSize(PyObject *obj, char **buffer, Py_ssize_t *length);
PyObject *PySys_GetObject(char *name);
#define Py_PRINT_RAW 1

class _PythonException {};

class PythonBuiltin {
public:
    explicit PythonBuiltin(PyObject **name);
};
extern PyObject *_python_str_plain_print;

PyObject *GET_STDOUT()
{
    PyObject *result = PySys_GetObject( (char *)"stdout" );

    if (unlikely( result == NULL ))
    {
        PyErr_Format( PyExc_RuntimeError, "lost sys.stdout" );
        throw _PythonException();
    }

    return result; // expect-error[MOJO-OWN-107] {{'result'}} fp(#13): Nuitka's GET_STDOUT returns sys.stdout borrowed by the project's own convention (no caller releases it); a function other files call is taken to return a new reference unless a contract says otherwise (mojo::borrowed_ref)
}

// Helper functions for print. Need to play nice with Python softspace behaviour.

static PythonBuiltin _python_builtin_print( &_python_str_plain_print );

void PRINT_ITEM_TO( PyObject *file, PyObject *object )
{
// The print builtin function cannot replace "softspace" behaviour of CPython
// print statement, so this code is really necessary.
#if PYTHON_VERSION < 300
    if ( file == NULL || file == Py_None )
    {
        file = GET_STDOUT();
    }

    assertObject( file );

    assertObject( object );

    PyObject *str = PyObject_Str( object );
    PyObject *print;
    bool softspace;

    if ( str == NULL )
    {
        PyErr_Clear();

        print = object;
        softspace = false;
    }
    else
    {
        char *buffer;
        Py_ssize_t length;

#ifndef __NUITKA_NO_ASSERT__
        int status =
#endif
            PyString_AsStringAndSize( str, &buffer, &length );
        assert( status != -1 );

        softspace = length > 0 && buffer[length - 1 ] == '\t';

        print = str;
    }

    // Check for soft space indicator, need to hold a reference to the file
    // or else __getattr__ may release "file" in the mean time.
    if ( PyFile_SoftSpace( file, !softspace ) )
    {
        if (unlikely( PyFile_WriteString( " ", file ) == -1 ))
        {
            Py_DECREF( file ); // expect-error[MOJO-OWN-106] {{borrowed reference 'file' is released by 'Py_DECREF' but this function does not own it}}
            Py_DECREF( str );
            throw _PythonException();
        }
    }

    if ( unlikely( PyFile_WriteObject( print, file, Py_PRINT_RAW ) == -1 )) // expect-warning[MOJO-BOR-206] {{'file'}} xfail(#13): 'file' is borrowed from sys's own dict (PySys_GetObject, through GET_STDOUT's summary), and only containers handed in as parameters are invalidated by a call that may run Python code (PyObject_Str, PyFile_WriteString)
    {
        Py_XDECREF( str );
        throw _PythonException();
    }

    Py_XDECREF( str );

    if ( softspace )
    {
        PyFile_SoftSpace( file, !softspace );
    }
#else
    _python_builtin_print.refresh();

    if (likely( file == NULL ))
    {
        _python_builtin_print.call(
            object
        );
    }
    else
    {
        // TODO: Not portable to ARM at all. Should generate evaluation order resistent
        // MAKE_DICT variants and not have to generate at compile time correct order.
        PyObjectTemporary print_keyargs(
            MAKE_DICT(
                _python_str_plain_end, _python_str_empty,
                _python_str_plain_file, GET_STDOUT()
            )
        );

        _python_builtin_print.call_keyargs(
            print_keyargs.asObject(),
            object
        );
    }
#endif
}

void PRINT_NEW_LINE_TO( PyObject *file )
{
#if PYTHON_VERSION < 300
    if ( file == NULL || file == Py_None )
    {
        file = GET_STDOUT();
    }

    if (unlikely( PyFile_WriteString( "\n", file ) == -1))
    {
        throw _PythonException();
    }

    PyFile_SoftSpace( file, 0 ); // expect-warning[MOJO-BOR-206] {{'file'}} xfail(#13): the same borrow from sys's dict after PyFile_WriteString, which runs the file's write method
#else
    if (likely( file == NULL ))
    {
        _python_builtin_print.call();
    }
    else
    {
        // TODO: Not portable to ARM at all. Should generate evaluation order resistent
        // MAKE_DICT variants and not have to generate at compile time correct order.
        PyObjectTemporary print_keyargs(
            MAKE_DICT(
                _python_str_plain_file, GET_STDOUT()
            )
        );

        _python_builtin_print.call_keyargs(
            print_keyargs.asObject()
        );
    }
#endif
}
