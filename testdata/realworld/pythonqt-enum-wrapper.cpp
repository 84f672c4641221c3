// From PythonQt (MeVisLab/pythonqt) src/PythonQt.cpp,
// PythonQtPrivate::createNewPythonQtEnumWrapper, at the parent of commit
// 963b667 ("Fix crash in GC: PyTuple_SET_ITEM steals reference",
// https://github.com/MeVisLab/pythonqt/pull/5): the base-classes tuple
// steals a reference to the static int type that nobody gave it; every
// enum wrapper's release drops the type's count once more, until
// Py_Finalize crashes. PythonQt's Python-2 names are the macros of its
// PythonQtPythonInclude.h; the member function is a free function here,
// its body verbatim. The `__module__` attribute is leaked too, and no
// result is checked for NULL before its release (both reported).
#include <Python.h>

#define PyString_FromString PyUnicode_FromString
#define PyInt_Type     PyLong_Type

extern PyTypeObject PyType_Type; // (not in the test headers)

PyObject* createNewPythonQtEnumWrapper(const char* enumName, PyObject* parentObject) {
  PyObject* result;

  PyObject* className = PyString_FromString(enumName);

  PyObject* baseClasses = PyTuple_New(1);
  PyTuple_SET_ITEM(baseClasses, 0, (PyObject*)&PyInt_Type); // expect-error[MOJO-OWN-106] {{borrowed reference 'PyLong_Type' is passed to 'PyTuple_SET_ITEM', which steals a reference this function does not own}} expect-warning[MOJO-OWN-109] {{'baseClasses' from 'PyTuple_New' is passed to 'PyTuple_SET_ITEM'}}

  PyObject* module = PyObject_GetAttrString(parentObject, "__module__");
  PyObject* typeDict = PyDict_New();
  PyDict_SetItemString(typeDict, "__module__", module); // expect-warning[MOJO-OWN-109] {{'typeDict' from 'PyDict_New' is passed to 'PyDict_SetItemString'}}

  PyObject* args  = Py_BuildValue("OOO", className, baseClasses, typeDict);

  // create the new int derived type object by calling the core type
  result = PyObject_Call((PyObject *)&PyType_Type, args, NULL); // expect-warning[MOJO-OWN-109] {{'args' from 'Py_BuildValue' is passed to 'PyObject_Call'}}

  Py_DECREF(baseClasses);
  Py_DECREF(typeDict);
  Py_DECREF(args);
  Py_DECREF(className); // expect-warning[MOJO-OWN-109] {{'className'}}

  return result; // expect-warning[MOJO-OWN-101] {{new reference 'module' from 'PyObject_GetAttrString' is never released}}
}
