// From nanobind (wjakob/nanobind) src/nb_enum.cpp, enum_create, as of the
// parent of commit 2ba750e4 ("Fix use of a potentially stale iterator in
// enum_create()", 2026, https://github.com/wjakob/nanobind/commit/2ba750e4).
// The function reserves the enum's slot in the shared type table
// (internals->type_c2p_slow, a tsl::robin_map the function does not own)
// and keeps the iterator `it` to that entry. It then builds the Python
// enum class, which runs arbitrary Python code: the `enum` import, the
// Enum/IntEnum/Flag factory call and its metaclass, attribute assignments
// on the scope. That code can import another nanobind module, whose type
// registrations insert into the same table; a rehash moves the entries,
// and `it.value() = t` then writes through a stale iterator into freed
// storage (a pointer into a container another object owns, used after a
// code-running call). The commit message names both routes, "nested
// imports under the GIL" and other threads on free-threaded builds; the
// fix drops the write (the locked block after it assigns the slot again
// through a fresh lookup). enum_create and int64_hash are verbatim; what
// they use from nanobind's headers (the object API, type_data, the
// internals, the robin_map) is declared below with nanobind's names. The
// tool does not report it (xfail): an iterator into a C++ container is no
// tracked borrow.
#include <Python.h>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <tuple>
#include <typeinfo>
#include <utility>

#define NB_NAMESPACE nanobind
#define NAMESPACE_BEGIN(name) namespace name {
#define NAMESPACE_END(name) }
#define NB_INCREF_ENUM(o) Py_INCREF(o)

/* Not in the stub headers. */
extern "C" int PyErr_WarnFormat(PyObject *category, Py_ssize_t stack_level,
                                const char *format, ...);
extern "C" int PyModule_Check(PyObject *o);
extern "C" PyObject *PyExc_RuntimeWarning;

namespace tsl {
// tsl::robin_map, reduced to the members enum_create uses.
template <typename Key, typename T, typename Hash> class robin_map {
public:
    struct value_type {
        Key first;
        T second;
    };
    class iterator {
    public:
        value_type *operator->() const;
        T &value() const;
    };
    template <typename... Args>
    std::pair<iterator, bool> try_emplace(const Key &key, Args &&...args);
    T &operator[](const Key &key);
};
} // namespace tsl

NAMESPACE_BEGIN(NB_NAMESPACE)

// The object API (nb_types.h), declarations only.
class handle {
public:
    handle();
    handle(const PyObject *ptr);
    PyObject *ptr() const;
    bool is_valid() const;
    class object attr(const char *key) const;
    class object attr(handle key) const;

protected:
    PyObject *m_ptr;
};

class object : public handle {
public:
    object();
    object(const object &o);
    object(object &&o) noexcept;
    ~object();
    handle release();
    object &operator=(const object &o);
    object &operator=(object &&o) noexcept;
    template <typename... Args> object operator()(Args &&...args) const;
};

class str : public object {
public:
    explicit str(const char *s);
};
object none();
class tuple : public object {
public:
    tuple();
};
class capsule : public object {
public:
    capsule(const void *ptr, void (*cleanup)(void *) noexcept);
};
class module_ : public object {
public:
    static module_ import_(const char *name);
};
struct arg_v {};
struct arg {
    explicit arg(const char *name);
    arg_v operator=(const object &value) const;
};
object getattr(handle obj, const char *key, handle def);
object getattr(handle obj, handle key, handle def);
template <typename T = object> T steal(handle h);

NAMESPACE_BEGIN(detail)

enum class enum_flags : uint32_t {
    is_arithmetic = (1 << 1),
    is_flag = (1 << 2),
    is_signed = (1 << 3)
};

struct enum_init_data {
    const std::type_info *type;
    PyObject *scope;
    const char *name;
    const char *docstr;
    uint32_t flags;
};

struct type_data {
    uint32_t flags;
    const char *name;
    const std::type_info *type;
    PyTypeObject *type_py;
    struct {
        void *fwd;
        void *rev;
    } enum_tbl;
    PyObject *scope;
};
struct type_init_data : type_data {};

struct std_typeinfo_hash {
    size_t operator()(const std::type_info *a) const;
};
struct ptr_hash {
    size_t operator()(const void *p) const;
};
using nb_type_map_slow =
    tsl::robin_map<const std::type_info *, type_data *, std_typeinfo_hash>;
using nb_type_map_fast = tsl::robin_map<void *, type_data *, ptr_hash>;

struct nb_internals {
    nb_type_map_slow type_c2p_slow;
    nb_type_map_fast type_c2p_fast;
};
extern nb_internals *internals;

struct lock_internals {
    lock_internals(nb_internals *internals);
    ~lock_internals();
};

namespace pyobj_name {
enum { module_str };
}
extern PyObject *static_pyobjects[];

uint64_t fmix64(uint64_t h);
char *strdup_check(const char *s);
void make_immortal(PyObject *op);
void nb_type_unregister(type_data *t) noexcept;

struct int64_hash {
    size_t operator()(const int64_t value) const {
        return (size_t) fmix64((uint64_t) value);
    }
};

// This data structure is used to map Python instances to integers as well as
// the inverse. We're reusing the type to avoid generating essentially the same
// code for two template instantiations. The key/value types are big enough to
// hold both.
using enum_map = tsl::robin_map<int64_t, int64_t, int64_hash>;

PyObject *enum_create(enum_init_data *ed) noexcept {
    // Update hash table that maps from std::type_info to Python type
    nb_internals *internals_ = internals;
    bool success;
    nb_type_map_slow::iterator it;

    {
        lock_internals guard(internals_);
        std::tie(it, success) = internals_->type_c2p_slow.try_emplace(ed->type, nullptr);
        if (!success) {
            PyErr_WarnFormat(PyExc_RuntimeWarning, 1,
                             "nanobind: type '%s' was already registered!\n",
                             ed->name);
            PyObject *tp = (PyObject *) it->second->type_py;
            NB_INCREF_ENUM(tp);
            return tp;
        }
    }

    handle scope(ed->scope);

    bool is_arithmetic = ed->flags & (uint32_t) enum_flags::is_arithmetic;
    bool is_flag = ed->flags & (uint32_t) enum_flags::is_flag;

    str name(ed->name), qualname = name;
    object modname;

    if (PyModule_Check(ed->scope)) {
        modname = getattr(scope, "__name__", handle());
    } else {
        modname = getattr(scope, static_pyobjects[pyobj_name::module_str],
                          handle());

        object scope_qualname = getattr(scope, "__qualname__", handle());
        if (scope_qualname.is_valid())
            qualname = steal<str>(
                PyUnicode_FromFormat("%U.%U", scope_qualname.ptr(), name.ptr()));
    }

    const char *factory_name = "Enum";

    if (is_arithmetic && is_flag)
        factory_name = "IntFlag";
    else if (is_flag)
        factory_name = "Flag";
    else if (is_arithmetic)
        factory_name = "IntEnum";

    object enum_mod = module_::import_("enum"),
           factory = enum_mod.attr(factory_name),
           result = factory(name, nanobind::tuple(),
                            arg("module") = modname,
                            arg("qualname") = qualname);

    scope.attr(name) = result;
    result.attr("__doc__") = ed->docstr ? str(ed->docstr) : none();

    result.attr("__str__") = enum_mod.attr(is_flag ? factory_name : "Enum").attr("__str__");
    result.attr("__repr__") = result.attr("__str__");

    type_init_data *t = new type_init_data();
    memset(t, 0, sizeof(type_data));
    t->name = strdup_check(ed->name);
    t->type = ed->type;
    t->type_py = (PyTypeObject *) result.ptr();
    t->flags = ed->flags;
    t->enum_tbl.fwd = new enum_map();
    t->enum_tbl.rev = new enum_map();
    t->scope = ed->scope;

    it.value() = t; // expect-warning[MOJO-BOR-206] {{'it'}} xfail(#13): an iterator into a C++ container the function does not own (the shared type table) is no tracked borrow, so the code-running calls before it (the enum import and factory call, attribute assignments) cannot invalidate it

    {
        lock_internals guard(internals_);
        internals_->type_c2p_slow[ed->type] = t;

        #if !defined(NB_FREE_THREADED)
            internals_->type_c2p_fast[(void *) ed->type] = t;
        #endif
    }

    make_immortal(result.ptr());

    result.attr("__nb_enum__") = capsule(t, [](void *p) noexcept {
        type_init_data *t = (type_init_data *) p;
        delete (enum_map *) t->enum_tbl.fwd;
        delete (enum_map *) t->enum_tbl.rev;
        nb_type_unregister(t);
        free((char*) t->name);
        delete t;
    });

    return result.release().ptr();
}

NAMESPACE_END(detail)
NAMESPACE_END(NB_NAMESPACE)
