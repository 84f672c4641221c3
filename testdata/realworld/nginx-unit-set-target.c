// From nginx/unit src/python/nxt_python.c, nxt_python_set_target, at the
// parent of commit 50b1aca3 ("python: Don't decrement a reference to a
// borrowed object", https://github.com/nginx/unit/pull/1420, issue #1413).
// `obj` is borrowed from the module's dict by PyDict_GetItemString; when the
// factory is not callable the failure path releases it with Py_XDECREF and
// None's count drops under the interpreter (a fatal none_dealloc at exit).
// Unit's configuration types and helpers are declared, not included; the
// function body is verbatim. The fix pays only the factory path: when the
// name is no factory and not callable (or the prefix is bad), the same
// Py_XDECREF still releases the borrow on upstream's main, which the tool
// also reports (another path to the same line).
#include <Python.h>
#include <stdint.h>
#include <string.h>

typedef intptr_t nxt_int_t;
typedef unsigned nxt_bool_t;
typedef struct { size_t length; unsigned char *start; } nxt_str_t;
typedef struct nxt_conf_value_s nxt_conf_value_t;
typedef struct nxt_task_s nxt_task_t;
typedef struct { PyObject *application; } nxt_python_target_t;

#define NXT_OK 0
#define NXT_ERROR (-1)
#define nxt_string(str) { sizeof(str) - 1, (unsigned char *)str }
#define nxt_slow_path(x) __builtin_expect((long)(x), 0)
#define nxt_alloca(size) __builtin_alloca(size)
#define nxt_memcpy(dst, src, length) (void)memcpy(dst, src, length)
#define nxt_alert(task, ...) nxt_log_alert(task, __VA_ARGS__)

void nxt_log_alert(nxt_task_t *task, const char *fmt, ...);
nxt_conf_value_t *nxt_conf_get_object_member(nxt_conf_value_t *value,
					     const nxt_str_t *name,
					     uint32_t *index);
void nxt_conf_get_string(nxt_conf_value_t *value, nxt_str_t *str);
nxt_bool_t nxt_conf_get_boolean(nxt_conf_value_t *value);
void nxt_python_print_exception(void);
nxt_int_t nxt_python_set_prefix(nxt_task_t *task,
				nxt_python_target_t *target,
				nxt_conf_value_t *value);

nxt_int_t
nxt_python_set_target(nxt_task_t *task, nxt_python_target_t *target,
    nxt_conf_value_t *conf)
{
    char              *callable, *module_name;
    PyObject          *module, *obj;
    nxt_str_t         str;
    nxt_bool_t        is_factory = 0;
    nxt_conf_value_t  *value;

    static const nxt_str_t  module_str = nxt_string("module");
    static const nxt_str_t  callable_str = nxt_string("callable");
    static const nxt_str_t  prefix_str = nxt_string("prefix");
    static const nxt_str_t  factory_flag_str = nxt_string("factory");

    module = obj = NULL;

    value = nxt_conf_get_object_member(conf, &module_str, NULL);
    if (nxt_slow_path(value == NULL)) {
        goto fail;
    }

    nxt_conf_get_string(value, &str);

    module_name = nxt_alloca(str.length + 1);
    nxt_memcpy(module_name, str.start, str.length);
    module_name[str.length] = '\0';

    module = PyImport_ImportModule(module_name);
    if (nxt_slow_path(module == NULL)) {
        nxt_alert(task, "Python failed to import module \"%s\"", module_name);
        nxt_python_print_exception();
        goto fail;
    }

    value = nxt_conf_get_object_member(conf, &callable_str, NULL);
    if (value == NULL) {
        callable = nxt_alloca(12);
        nxt_memcpy(callable, "application", 12);

    } else {
        nxt_conf_get_string(value, &str);

        callable = nxt_alloca(str.length + 1);
        nxt_memcpy(callable, str.start, str.length);
        callable[str.length] = '\0';
    }

    obj = PyDict_GetItemString(PyModule_GetDict(module), callable);
    if (nxt_slow_path(obj == NULL)) {
        nxt_alert(task, "Python failed to get \"%s\" from module \"%s\"",
                  callable, module_name);
        goto fail;
    }

    value = nxt_conf_get_object_member(conf, &factory_flag_str, NULL);
    if (value != NULL) {
        is_factory = nxt_conf_get_boolean(value);
    }

    if (is_factory) {
        if (nxt_slow_path(PyCallable_Check(obj) == 0)) {
            nxt_alert(task,
                      "factory \"%s\" in module \"%s\" "
                      "can not be called to fetch callable",
                      callable, module_name);
            goto fail;
        }

        obj = PyObject_CallObject(obj, NULL);
        if (nxt_slow_path(PyCallable_Check(obj) == 0)) {
            nxt_alert(task,
                      "factory \"%s\" in module \"%s\" "
                      "did not return callable object",
                      callable, module_name);
            goto fail;
        }

    } else if (nxt_slow_path(PyCallable_Check(obj) == 0)) {
        nxt_alert(task, "\"%s\" in module \"%s\" is not a callable object",
                  callable, module_name);
        goto fail;
    }

    value = nxt_conf_get_object_member(conf, &prefix_str, NULL);
    if (nxt_slow_path(nxt_python_set_prefix(task, target, value) != NXT_OK)) {
        goto fail;
    }

    target->application = obj;
    obj = NULL;

    Py_INCREF(target->application);
    Py_CLEAR(module);

    return NXT_OK;

fail:

    Py_XDECREF(obj); // expect-error[MOJO-OWN-106] {{borrowed reference 'obj' from 'PyDict_GetItemString' is released by 'Py_XDECREF'}}
    Py_XDECREF(module);

    return NXT_ERROR;
}
