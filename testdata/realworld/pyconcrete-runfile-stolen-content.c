// From pyconcrete (Falldog/pyconcrete) src/pyconcrete_exe/pyconcrete_exe.c,
// runFile, at the parent of commit 345b35d ("Fix double release memory
// issue", 2018, merged as https://github.com/Falldog/pyconcrete/pull/37;
// reported in https://github.com/Falldog/pyconcrete/issues/36, "py_content
// has been released in Py_DECREF(py_args)"). The file's bytes object is
// put into the argument tuple with PyTuple_SetItem, which steals the
// reference: the tuple becomes its only holder. The tuple is released,
// which frees the bytes object with it, and then py_content is released a
// second time. The fix removes the second release. The function is
// verbatim; fnDecryptBuffer (pyconcrete.h) and execPycContent (the same
// file) are declared. The fixed version follows; it only drops the line.
//
// Reported and true, not touched by the fix (in both versions): the read
// buffer `content` leaks when fread comes up short (and so does the FILE),
// and PyTuple_New's result is used unchecked.
#include <Python.h>
#include <stdio.h>
#include <stdlib.h>

PyObject * fnDecryptBuffer(PyObject* self, PyObject* args);
void execPycContent(PyObject* pyc_content);

void runFile(const char* filepath)
{
    FILE* src = NULL;
    char* content = NULL;
    size_t s, size;
    PyObject* py_content = NULL;
    PyObject* py_plaint_content = NULL;
    PyObject* py_args = NULL;

    src = fopen(filepath, "rb");
    if(src == NULL)
    {
        return;
    }

    // read & parse file
    {
        fseek(src, 0, SEEK_END);
        size = ftell(src);

        fseek(src, 0, SEEK_SET);
        content = malloc(size * sizeof(char));
        s = fread(content, 1, size, src);
        if(s != size)
        {
            return; // expect-warning[MOJO-OWN-101] {{'content' from 'malloc' is never released}}
        }
        py_content = PyBytes_FromStringAndSize(content, size);
        py_args = PyTuple_New(1);
        PyTuple_SetItem(py_args, 0, py_content); // expect-warning[MOJO-OWN-109] {{'py_args' from 'PyTuple_New' is passed to 'PyTuple_SetItem' before it is checked for NULL}}
        py_plaint_content = fnDecryptBuffer(NULL, py_args);

        Py_DECREF(py_args);
        Py_DECREF(py_content); // expect-error[MOJO-OWN-102] {{'py_content' from 'PyBytes_FromStringAndSize' is released by 'Py_DECREF' after its reference was stolen}}
        free(content);
    }
    fclose(src);

    execPycContent(py_plaint_content);

    Py_DECREF(py_plaint_content);
}

/* After the fix (345b35d): the tuple's release is the only one. */
void runFile_fixed(const char* filepath)
{
    FILE* src = NULL;
    char* content = NULL;
    size_t s, size;
    PyObject* py_content = NULL;
    PyObject* py_plaint_content = NULL;
    PyObject* py_args = NULL;

    src = fopen(filepath, "rb");
    if(src == NULL)
    {
        return;
    }

    // read & parse file
    {
        fseek(src, 0, SEEK_END);
        size = ftell(src);

        fseek(src, 0, SEEK_SET);
        content = malloc(size * sizeof(char));
        s = fread(content, 1, size, src);
        if(s != size)
        {
            return; // expect-warning[MOJO-OWN-101] {{'content' from 'malloc' is never released}}
        }
        py_content = PyBytes_FromStringAndSize(content, size);
        py_args = PyTuple_New(1);
        PyTuple_SetItem(py_args, 0, py_content); // expect-warning[MOJO-OWN-109] {{'py_args' from 'PyTuple_New' is passed to 'PyTuple_SetItem' before it is checked for NULL}}
        py_plaint_content = fnDecryptBuffer(NULL, py_args);

        Py_DECREF(py_args);
        free(content);
    }
    fclose(src);

    execPycContent(py_plaint_content);

    Py_DECREF(py_plaint_content);
}
