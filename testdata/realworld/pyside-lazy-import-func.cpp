// From PySide (qtproject/pyside-pyside-setup)
// sources/shiboken6/libshiboken/sbkmodule.cpp, Shiboken::Module::create and
// lazy_import, as of the parent of commit 68b7fd5c7 ("Shiboken: Fix a
// potential refcounting bug in Lazy Init", PYSIDE-2780,
// https://bugreports.qt.io/browse/PYSIDE-2780). To redirect imports,
// create() keeps builtins.__import__ in the static origImportFunc, a
// reference borrowed from the builtins dict, and then replaces that very
// entry with its own function: the dict drops its reference to the old
// __import__. When another library had replaced __import__ first, that
// dict entry was its only reference, so the function is freed and every
// later import calls it through lazy_import (a borrowed dict value stored
// in a global, then the dict's own change: MOJO-BOR-202/207). The fix
// takes a reference (Py_INCREF(origImportFunc)). create and lazy_import
// are verbatim; the maps and Shiboken helpers they use are declared (their
// types reduced), and the API functions and type missing from the test
// headers are declared as CPython does. The tool also reports that
// moduleDir leaks when PyModule_AddObject fails (true: it steals only on
// success, whatever the comment says; the fixed file still has it).
#include <Python.h>

#include <string>
#include <unordered_map>
#include <unordered_set>

// (Not in the test headers.)
PyObject *PyEval_GetBuiltins(void);
PyObject *PyImport_GetModuleDict(void);
const char *PyModule_GetName(PyObject *module);
PyObject *PyCFunction_NewEx(PyMethodDef *ml, PyObject *self, PyObject *module);
extern PyTypeObject PyModule_Type;

// sbkmodule.cpp's maps, their value types reduced.
using NameToTypeFunctionMap = std::unordered_map<std::string, int>;
using ModuleToFuncsMap = std::unordered_map<PyObject *, NameToTypeFunctionMap>;
static ModuleToFuncsMap moduleToFuncs;

namespace Shiboken {
void init();
namespace String { const char *toCString(PyObject *str); }
namespace Conversions { void clearNegativeLazyCache(); }
namespace Module {
void resolveLazyClasses(PyObject *module);
} // namespace Module
} // namespace Shiboken

PyObject *Pep_GetPartialFunction(void);

namespace Shiboken {
namespace Module {

static getattrofunc origModuleGetattro{};
static PyObject *PyModule_lazyGetAttro(PyObject *module, PyObject *name);
static PyMethodDef module_methods[2];
static bool isImportStar(PyObject *module);
static std::unordered_set<std::string> dontLazyLoad;

// PYSIDE-2404: Redirecting import for "import *" support.
//
// The first import will be handled by the isImportStar function.
// But the same module might be imported twice, which would give no
// introspection due to module caching.

static PyObject *origImportFunc{};

static PyObject *lazy_import(PyObject * /* self */, PyObject *args, PyObject *kwds)
{
    auto *ret = PyObject_Call(origImportFunc, args, kwds);
    if (ret != nullptr) {
        // PYSIDE-2404: Support star import when lazy loading.
        if (PyTuple_Size(args) >= 4) {
            auto *fromlist = PyTuple_GetItem(args, 3);
            if (PyTuple_Check(fromlist) && PyTuple_Size(fromlist) == 1
                    && Shiboken::String::toCString(PyTuple_GetItem(fromlist, 0))[0] == '*')
                Shiboken::Module::resolveLazyClasses(ret);
        }
    }
    return ret;
}

static PyMethodDef lazy_methods[] = {
    {"__lazy_import__", (PyCFunction)lazy_import, METH_VARARGS | METH_KEYWORDS, nullptr},
    {nullptr, nullptr, 0, nullptr}
};

PyObject *create(const char * /* modName */, void *moduleData)
{
    static auto *sysModules = PyImport_GetModuleDict();
    static auto *builtins = PyEval_GetBuiltins();
    static auto *partial = Pep_GetPartialFunction();
    static bool lazy_init{};

    Shiboken::init();
    auto *module = PyModule_Create(reinterpret_cast<PyModuleDef *>(moduleData));

    // Setup of a dir function for "missing" classes.
    auto *moduleDirTemplate = PyCFunction_NewEx(module_methods, nullptr, nullptr);
    // Turn this function into a bound object, so we have access to the module.
    auto *moduleDir = PyObject_CallFunctionObjArgs(partial, moduleDirTemplate, module, nullptr);
    PyModule_AddObject(module, module_methods->ml_name, moduleDir);  // steals reference expect-warning[MOJO-OWN-101] {{new reference 'moduleDir' from 'PyObject_CallFunctionObjArgs' is leaked when 'PyModule_AddObject' fails}}
    // Insert an initial empty table for the module.
    NameToTypeFunctionMap empty;
    moduleToFuncs.insert(std::make_pair(module, empty));

    // A star import must be done unconditionally. Use the complete name.
    if (isImportStar(module))
        dontLazyLoad.insert(PyModule_GetName(module));

    if (!lazy_init) {
        // Install the getattr patch.
        origModuleGetattro = PyModule_Type.tp_getattro;
        PyModule_Type.tp_getattro = PyModule_lazyGetAttro;
        // Add the lazy import redirection.
        origImportFunc = PyDict_GetItemString(builtins, "__import__"); // expect-warning[MOJO-BOR-202] {{'origImportFunc'}} xfail(#13): a borrow stored into a global is reported at the end of the path only while it is still a valid borrow; PyDict_SetItemString on the same dict right after makes it stale (and a code-running call would make it invalid), and then the store is no longer reported; the later call through the global is in another function (lazy_import)
        auto *func = PyCFunction_NewEx(lazy_methods, nullptr, nullptr);
        PyDict_SetItemString(builtins, "__import__", func);
        // Everything is set.
        lazy_init = true;
    }
    // PYSIDE-2404: Nuitka inserts some additional code in standalone mode
    //              in an invisible virtual module (i.e. `QtCore-postLoad`)
    //              that gets imported before the running import can call
    //              `_PyImport_FixupExtensionObject` which does the insertion
    //              into `sys.modules`. This can cause a race condition.
    // Insert the module early into the module dict to prevend recursion.
    PyDict_SetItemString(sysModules, PyModule_GetName(module), module);
    // Clear the non-existing name cache because we have a new module.
    Shiboken::Conversions::clearNegativeLazyCache();
    return module;
}

} } // namespace Shiboken::Module
