#!/usr/bin/env python3
"""gen-cpython-kb.py -- rules/refcounts.dat -> rules/cpython-generated.json.

Translates CPython's Doc/data/refcounts.dat (a copy lives next to the
output, in rules/) into the knowledge-base format of rules/README.md.
The translation is deliberately literal: refcounts.dat says how the
*reference count* of each PyObject* changes, not who owns what, so it
cannot express stealing-on-success, interior pointers, out-parameters
or failure conventions. Those, and the entries refcounts.dat gets wrong,
live in rules/cpython-manual.json, which is loaded after this file and
replaces whole entries of the same name.

What is derived here, and how:
  ret          "+1" -> new, "0" -> borrowed, "null" -> null, else none
  args         PyObject*-like with 0/+1 -> borrow, -1 -> steal,
               PyObject** with +1 -> acquire_out, anything else -> "-"
  fails_when   from the return type (PyObject* -> ret == NULL, int ->
               ret < 0, Py_ssize_t/Py_hash_t -> ret == -1, C numbers from
               PyLong_As* & co. -> ret == -1 (maybe exception), void or
               a CPython macro -> never); left out when unsure
  pure         name patterns of value accessors and comparisons (PURE below)
  keep         container insertions that keep their item (KEEPS below)
  held_elsewhere  imports, whose module sys.modules keeps (HELD_ELSEWHERE)
  resizes_arg  calls that may move an argument's storage (RESIZES below)
  runs_python  name patterns of the abstract object protocol, comparisons,
               calls, imports and container mutations that drop a
               reference (see RUNS_PYTHON below)
  runs_python_via  the exceptions: calls that run code only through the
               type slots of their object arguments, none on exact
               builtin types (RUNS_VIA below)
  exact_result constructors of exact builtin objects (EXACT_RESULT)
  fresh_result functions whose result is of the type they document, never
               None, True or False (FRESH_RESULT)
  macro        names spelled like CPython macros (Py_INCREF, PyList_GET_ITEM)

Usage: gen-cpython-kb.py [refcounts.dat [output.json]]
Defaults are relative to the repository root (the parent of ci/).
Output is sorted by name and byte-for-byte deterministic.
Python 3 standard library only.
"""

import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_IN = os.path.join(ROOT, "rules", "refcounts.dat")
DEFAULT_OUT = os.path.join(ROOT, "rules", "cpython-generated.json")

# C-API page per name prefix (https://docs.python.org/3/c-api/<page>.html).
DOC_PAGES = [
    ("PyAnySet_", "set"), ("PyFrozenSet_", "set"), ("PySet_", "set"),
    ("PyBool_", "bool"), ("PyBuffer_", "buffer"), ("PyMemoryView_", "memoryview"),
    ("PyByteArray_", "bytearray"), ("PyBytes_", "bytes"),
    ("PyCapsule_", "capsule"), ("PyCell_", "cell"), ("PyCode_", "code"),
    ("PyCodec_", "codec"), ("PyComplex_", "complex"), ("PyContextVar_", "contextvars"),
    ("PyContext_", "contextvars"), ("PyDate", "datetime"), ("PyTime", "datetime"),
    ("PyDelta", "datetime"), ("PyDescr_", "descriptor"), ("PyDictProxy_", "dict"),
    ("PyDict_", "dict"), ("PyErr_", "exceptions"), ("PyException_", "exceptions"),
    ("PyUnicodeDecodeError_", "exceptions"), ("PyUnicodeEncodeError_", "exceptions"),
    ("PyUnicodeTranslateError_", "exceptions"), ("PyEval_GetBuiltins", "reflection"),
    ("PyEval_GetLocals", "reflection"), ("PyEval_GetGlobals", "reflection"),
    ("PyEval_GetFrame", "reflection"), ("PyEval_GetFunc", "reflection"),
    ("PyEval_Eval", "veryhigh"), ("PyEval_", "init"), ("PyFile_", "file"),
    ("PyFloat_", "float"), ("PyFrame_", "frame"), ("PyFunction_", "function"),
    ("PyGen_", "gen"), ("PyCoro_", "coro"), ("PyImport_", "import"),
    ("PyInstanceMethod_", "method"), ("PyMethod_", "method"), ("PyIter_", "iter"),
    ("PySeqIter_", "iterator"), ("PyCallIter_", "iterator"), ("PyList_", "list"),
    ("PyLong_", "long"), ("PyMapping_", "mapping"), ("PyMarshal_", "marshal"),
    ("PyModule_", "module"), ("PyState_", "module"), ("PyNumber_", "number"),
    ("PyIndex_", "number"), ("PyObject_Call", "call"), ("PyObject_Vectorcall", "call"),
    ("PyVectorcall_", "call"), ("PyCallable_", "call"), ("PyObject_GC", "gcsupport"),
    ("PyObject_Malloc", "memory"), ("PyObject_Calloc", "memory"),
    ("PyObject_Realloc", "memory"), ("PyObject_Free", "memory"),
    ("PyObject_New", "allocation"), ("PyObject_Init", "allocation"),
    ("PyObject_Del", "allocation"), ("PyObject_GetBuffer", "buffer"),
    ("PyObject_CheckBuffer", "buffer"), ("PyObject_", "object"),
    ("PyRun_", "veryhigh"), ("Py_CompileString", "veryhigh"), ("PySeqIter", "iterator"),
    ("PySequence_", "sequence"), ("PySlice_", "slice"), ("PyStructSequence_", "tuple"),
    ("PySys_", "sys"), ("PyThreadState_", "init"), ("PyInterpreterState_", "init"),
    ("PyGILState_", "init"), ("PyThread_", "init"), ("PyTuple_", "tuple"),
    ("PyType_", "type"), ("PyUnicode_", "unicode"), ("PyWeakref_", "weakref"),
    ("PyMem_", "memory"), ("PyOS_", "sys"), ("PyArg_", "arg"), ("Py_BuildValue", "arg"),
    ("Py_VaBuildValue", "arg"), ("Py_INCREF", "refcounting"), ("Py_XINCREF", "refcounting"),
    ("Py_DECREF", "refcounting"), ("Py_XDECREF", "refcounting"), ("Py_CLEAR", "refcounting"),
    ("Py_NewRef", "refcounting"), ("Py_XNewRef", "refcounting"),
    ("Py_IncRef", "refcounting"), ("Py_DecRef", "refcounting"),
    ("Py_Repr", "exceptions"), ("Py_EnterRecursiveCall", "exceptions"),
    ("Py_LeaveRecursiveCall", "exceptions"), ("Py_", "init"),
]

# Object-ish parameter and return types (anything refcounts.dat tracks).
OBJ_RE = re.compile(r"^(const\s+)?Py\w*Object\s*\*$|^PyObject\s*\*$")
OBJPP_RE = re.compile(r"^PyObject\s*\*\s*\*$")

# Can run arbitrary Python code (__del__, __eq__, __hash__, descriptors,
# callbacks, imports). Deliberately broad: a missed entry hides a
# MOJO-BOR-206 finding, an extra one costs at most a warning.
RUNS_PYTHON = re.compile(r"""^(
    PyObject_(?!(Malloc|Calloc|Realloc|Free|Init|InitVar|New|NewVar|Del|
                 GC_\w+|Type|TypeCheck|CheckBuffer|HasAttr|HasAttrString|
                 IS_GC|GET_WEAKREFS_LISTPTR|CheckReadBuffer)$)\w+
  | PyNumber_(?!Check$)\w+ | PySequence_(?!(Check|Fast_\w+|ITEM)$)\w+
  | PyMapping_(?!Check$)\w+ | PyIter_(Next|Send) | PyImport_\w+ | PyRun_\w+
  | PyEval_(Eval\w+|Call\w+) | PyCallIter_New | PyFile_\w+
  | PyDict_(SetItem|SetItemString|DelItem|DelItemString|GetItem|
            GetItemWithError|GetItemString|Contains|SetDefault|Update|Merge|
            MergeFromSeq2|Clear|Items|Keys|Values|Pop\w*)
  | PyList_(SetItem|SetSlice|Sort) | PyTuple_SetItem | PySet_(Add|Discard|
            Contains|Clear|Pop|New) | PyFrozenSet_New
  | PyLong_As\w+ | PyFloat_AsDouble | PyComplex_(AsCComplex|RealAsDouble|
            ImagAsDouble) | PyBytes_FromObject | PyByteArray_FromObject
  | PyUnicode_(Format|FromObject|FromEncodedObject|Contains|Join|Split|
            Splitlines|RichCompare|Compare|Translate|Replace|Find|Count|
            Tailmatch|Concat|Append|AppendAndDel|Decode\w*|AsEncodedString|
            FSConverter|FSDecoder)
  | PyErr_(Print|PrintEx|Display|WarnEx|WarnExplicit\w*|WarnFormat|
            ResourceWarning|WriteUnraisable|NormalizeException|CheckSignals|
            SetFromErrno\w*|SetExcFromWindowsErr\w*|SetImportError\w*|
            ProgramText\w*|SyntaxLocation\w*|NewException\w*)
  | PyException_SetCause | PyException_SetContext | PyException_SetTraceback
  | PyGC_Collect | PySys_(Write\w+|FormatStd\w+|Audit|GetObject|SetObject)
  | PyStructSequence_SetItem | PyCell_Set | PyWeakref_NewRef | PyWeakref_NewProxy
  | PyCodec_\w+ | PyContext_(Enter|Exit) | PyContextVar_(Get|Set|Reset)
  | PyType_(Ready|FromSpec\w*|FromModuleAndSpec|GenericNew)
  | PyModule_(AddObject\w*|Add|AddType|ExecDef|FromDefAndSpec\w*)
  | PyFunction_Set\w+ | PyMethod_New
  | Py_(DECREF|XDECREF|CLEAR|DecRef|SETREF|XSETREF|ReprEnter|ReprLeave|
        CompileString\w*|Main|Exit|FinalizeEx|Finalize|EnterRecursiveCall)
)$""", re.X)

# The exceptions to RUNS_PYTHON (rules/README.md "Calls that run Python
# code"): these run Python code only through the type slots of their object
# arguments (a user __eq__, __hash__, __repr__, __index__, __add__). When
# the engine knows every such argument is of an exact builtin type (a str
# from PyUnicode_FromString, an int from PyLong_FromLong, Py_None), no code
# of the user's runs. Each pattern maps to the argument indexes, or to
# "objects" for all object arguments. A dict lookup by a C-string key makes
# an exact str key: no user __hash__ runs (a user key of the same hash in
# the dict could still compare: a known limit).
RUNS_VIA = [
    (re.compile(r"^PyObject_(RichCompare|RichCompareBool|Hash|Repr|Str|ASCII|"
                r"IsTrue|Not|Length|Size)$"), "objects"),
    (re.compile(r"^PyNumber_(?!(Check|ToBase|Index|AsSsize_t)$)\w+$"), "objects"),
    # Precision first: number conversions are taken to run no code (an
    # int or an int subclass runs none; a non-int with __index__ in these
    # places is rare), and so are dict and set operations by key (keys are
    # almost always str or int; a user key's __hash__/__eq__ and the
    # __del__ of a replaced value are a known limit, rules/README.md).
    (re.compile(r"^PyLong_As\w+$|^PyFloat_AsDouble$|"
                r"^PyComplex_(AsCComplex|RealAsDouble|ImagAsDouble)$"), []),
    (re.compile(r"^PyDict_(Contains|SetItem|SetItemString|DelItem|"
                r"DelItemString|SetDefault)$|^PySet_(Add|Contains|Discard)$"), []),
    # ... and membership tests of a sequence (names in a list of str).
    (re.compile(r"^PySequence_(Contains|In|Index|Count)$"), []),
    # These look at str data alone (a str subclass's __eq__ is not
    # called); other operands raise TypeError: no code of the user's.
    (re.compile(r"^PyUnicode_(Compare|CompareWithASCIIString|RichCompare|"
                r"Contains|Find|Count|Tailmatch|Concat)$"), []),
    (re.compile(r"^PyDict_(GetItem|GetItemWithError|GetItemString)$"), []),
]

# New objects of an exact builtin type without methods of the user's.
EXACT_RESULT = re.compile(r"""^(
    PyLong_From(Long|LongLong|Size_t|Ssize_t|UnsignedLong|UnsignedLongLong|
                Double|VoidPtr|String)
  | PyFloat_From(Double|String) | PyBool_FromLong | PyComplex_FromDoubles
  | PyUnicode_(FromString|FromStringAndSize|FromFormat|FromFormatV|
               FromOrdinal|FromKindAndData|FromWideChar|InternFromString|New)
  | PyBytes_(FromString|FromStringAndSize|FromFormat|FromFormatV)
)$""", re.X)


# A result of the type the C API documents (a new object, or an argument
# already of that type: PyObject_Str of a str), or NULL: never None, True
# or False (a codec or __str__ that returns another type makes the call
# fail).
FRESH_RESULT = re.compile(r"""^(
    PyUnicode_As(EncodedString|UTF8String|ASCIIString|Latin1String|
                 UTF16String|UTF32String|UnicodeEscapeString|
                 RawUnicodeEscapeString|CharmapString)
  | PyUnicode_(Concat|Join|Split|Splitlines|RSplit|Partition|RPartition|
               Replace|Format|FromObject|FromEncodedObject|Substring|
               EncodeFSDefault|EncodeLocale|DecodeFSDefault|Decode)
  | PyDict_(Keys|Values|Items|Copy|New)
  | PyList_(New|GetSlice|AsTuple) | PyTuple_(New|GetSlice|Pack)
  | PySequence_(List|Tuple) | PyObject_(Str|Repr|ASCII|Bytes|Dir)
  | PyBytes_FromObject | PyByteArray_FromObject
)$""", re.X)


def runs_via(name, params):
    for pat, via in RUNS_VIA:
        if pat.match(name):
            if via == "objects":
                return [i for i, p in enumerate(params)
                        if OBJ_RE.match(p[0].strip())]
            return via
    return None


# Pure: the result depends on the arguments' values alone (no allocation,
# no user code for builtin objects). On objects the caller built from
# constants, a test of the result is a self-check (rules/README.md).
PURE = re.compile(r"""^(
    PyLong_As\w+ | PyFloat_AsDouble | PyMapping_HasKey(String)?
  | PyObject_(RichCompareBool|IsTrue|Not|Length|Size)
  | PyUnicode_(Compare|CompareWithASCIIString|GetLength)
)$""", re.X)

# Arguments the callee keeps a reference to when it succeeds (a container
# its item): the caller's later release is not the last (MOJO-BOR-206).
KEEPS = {"PyList_Append": [1], "PyList_Insert": [2], "PySet_Add": [1]}

# Calls that may move the storage of an argument (a list's item array, a
# bytearray's buffer): a pointer into it read before the call dangles
# (MOJO-BOR-207), while the items themselves stay valid.
RESIZES = {"PyList_Append": 0, "PyList_Insert": 0, "PyByteArray_Resize": 0}

# Results also held elsewhere: an imported module stays in sys.modules.
HELD_ELSEWHERE = re.compile(
    r"^PyImport_(Import|ImportModule|ImportModuleLevel|ImportModuleLevelObject|"
    r"ImportModuleNoBlock|GetModule)$")

MACRO_RE = re.compile(r"^Py[A-Za-z]*_[A-Z0-9_]*[A-Z][A-Z0-9_]*[A-Z0-9]$")

# Never-failing int functions: predicates and flags.
NEVER_FAILS_RE = re.compile(
    r"(_Check\w*|^(?!PyObject_)Py\w+_Is[A-Z]\w*|^PyCallable_Check|^PyObject_HasAttr(String)?|"
    r"^Py_IsInitialized|_is_created|^PyErr_(Given)?ExceptionMatches|"
    r"^PyOS_\w+|_GET_SIZE|_GET_LENGTH|_GET_DATA_SIZE|_KIND)$")

# All-capital names that are real functions, not macros.
NOT_MACROS = {"PyObject_ASCII"}

SCALAR_MAYBE_RE = re.compile(
    r"^(long|long long|unsigned long|unsigned long long|size_t|int64_t|"
    r"double|Py_complex|Py_UCS4|unsigned int|void\s*\*)$")


def doc_url(name):
    for prefix, page in DOC_PAGES:
        if name.startswith(prefix):
            return "https://docs.python.org/3/c-api/%s.html#c.%s" % (page, name)
    return "https://docs.python.org/3/c-api/index.html"


def parse(path):
    """Returns {name: {"ret": (type, effect, comment), "params": [...]}}."""
    funcs = {}
    order = []
    with open(path, encoding="utf-8") as f:
        for lineno, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            parts = line.split(":", 4)
            if len(parts) < 4:
                sys.exit("%s:%d: malformed line: %r" % (path, lineno, line))
            while len(parts) < 5:
                parts.append("")
            name, ctype, param, effect, comment = (p.strip() for p in parts)
            if name not in funcs:
                funcs[name] = {"ret": (ctype, effect, comment), "params": []}
                order.append(name)
                if param:
                    sys.exit("%s:%d: %s: first line must be the return value"
                             % (path, lineno, name))
            else:
                funcs[name]["params"].append((ctype, param, effect, comment))
    return funcs


def ret_kind(ctype, effect):
    if effect == "+1":
        return "new"
    if effect == "0":
        return "borrowed"
    if effect == "null":
        return "null"
    return "none"


def fails_when(name, ctype, effect, macro):
    ctype = ctype.replace(" ", "")
    if effect == "null":
        return "always"
    if macro or ctype == "void":
        return "never"
    if OBJ_RE.match(ctype) or ctype in ("PyObject**",):
        return "ret == NULL"
    if ctype in ("char*", "constchar*", "wchar_t*", "Py_UNICODE*",
                 "Py_UCS4*", "Py_UCS1*", "Py_buffer*"):
        return "ret == NULL"
    if NEVER_FAILS_RE.search(name):
        return "never"
    if ctype == "int":
        return "ret < 0"
    if ctype in ("Py_ssize_t", "Py_hash_t"):
        return "ret == -1"
    if SCALAR_MAYBE_RE.match(ctype.replace("unsigned", "unsigned ")
                            .replace("longlong", "long long")):
        if ctype.endswith("*"):
            return None
        return "ret == -1 (maybe exception)"
    return None


def arg_effect(ctype, effect):
    ctype = ctype.replace(" ", "")
    if OBJPP_RE.match(ctype):
        return "acquire_out" if effect == "+1" else "-"
    if effect == "-1":
        return "steal"
    if effect in ("0", "+1"):
        return "borrow"
    return "-"


def build(funcs):
    out = []
    for name in sorted(funcs):
        f = funcs[name]
        rtype, reff, _ = f["ret"]
        macro = bool(MACRO_RE.match(name)) and name not in NOT_MACROS
        e = {"name": name}
        e["ret"] = ret_kind(rtype, reff)
        params = [p for p in f["params"] if p[1] != "..." and p[0] != "..."]
        args = [arg_effect(p[0], p[2]) for p in params]
        for k in KEEPS.get(name, []):
            assert args[k] == "borrow", (name, k)
            args[k] = "keep"
        if args:
            e["args"] = args
        fw = fails_when(name, rtype, reff, macro)
        if fw is not None:
            e["fails_when"] = fw
        if RUNS_PYTHON.match(name):
            e["runs_python"] = True
            via = runs_via(name, params)
            if via is not None:
                e["runs_python_via"] = via
        if EXACT_RESULT.match(name) and e["ret"] == "new":
            e["exact_result"] = True
        if FRESH_RESULT.match(name) and e["ret"] == "new":
            e["fresh_result"] = True
        if PURE.match(name):
            e["pure"] = True
        if HELD_ELSEWHERE.match(name):
            e["held_elsewhere"] = True
        if name in RESIZES:
            e["resizes_arg"] = RESIZES[name]
        if macro:
            e["macro"] = True
        e["doc"] = doc_url(name)
        out.append(e)
    return out


def main(argv):
    src = argv[1] if len(argv) > 1 else DEFAULT_IN
    dst = argv[2] if len(argv) > 2 else DEFAULT_OUT
    entries = build(parse(src))
    doc = {
        "family": "cpython",
        "resource": "pyref",
        "comment": "GENERATED by ci/gen-cpython-kb.py from rules/refcounts.dat; "
                   "do not edit, fix entries in rules/cpython-manual.json",
        "functions": entries,
    }
    text = json.dumps(doc, indent=1, sort_keys=False, ensure_ascii=True) + "\n"
    with open(dst, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    print("%s: %d entries" % (os.path.relpath(dst), len(entries)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
