/* A library's own allocation macro, as Python's headers have them
 * (PyObject_GC_New): found under an include/python* folder. */
#define LIB_DICT_NEW() PyDict_New()
