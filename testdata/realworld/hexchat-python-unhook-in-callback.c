// From HexChat (hexchat/hexchat) plugins/python/python.c, Callback_Command,
// as of the parent of commit 5c9652bf ("python: Hold a reference to plugin
// instead of dereferencing hook to get to it. hook might have been free'd
// by the callback via hexchat.unhook().", 2013, pull request
// https://github.com/hexchat/hexchat/pull/596). The plugin's Hook records
// live in the plugin object's `hooks` list; HexChat hands one back as the
// callback's userdata. The function reads hook->plugin to enter the
// plugin's thread state, then calls the user's Python callback through
// hook->callback. The callback may call hexchat.unhook() on its own hook:
// Module_hexchat_unhook -> Plugin_RemoveHook unlinks the record, drops its
// references and g_free()s it. END_PLUGIN(hook->plugin) then reads the
// freed record (a pointer into an entry owned by another object, used
// after a code-running call). The fix reads hook->plugin once into a local
// before the call. Callback_Command is verbatim (made non-static); so are
// the Hook and PluginObject structs and the WITH_THREAD branch of the
// BEGIN_PLUGIN/END_PLUGIN macros with the accessors they use; HexChat's
// API and the module's helpers are declared. The tool does not report it
// (xfail): the record is a plain C struct reached through a `void *`
// userdata, not a borrow the callback can invalidate.
#include <Python.h>

typedef struct _hexchat_plugin hexchat_plugin;
typedef struct _hexchat_context hexchat_context;
hexchat_context *hexchat_get_context(hexchat_plugin *ph);
#define HEXCHAT_EAT_NONE 0

/* Not in the stub headers. */
typedef void *PyThread_type_lock;
int PyThread_acquire_lock(PyThread_type_lock, int);
void PyThread_release_lock(PyThread_type_lock);
void PyEval_AcquireThread(PyThreadState *tstate);
PyObject *PyObject_CallFunction(PyObject *callable, const char *format, ...);

static hexchat_plugin *ph;
static PyThread_type_lock xchat_lock;

#define ACQUIRE_XCHAT_LOCK() PyThread_acquire_lock(xchat_lock, 1)
#define RELEASE_XCHAT_LOCK() PyThread_release_lock(xchat_lock)

#define Plugin_AcquireThread(x) \
	PyEval_AcquireThread(((PluginObject *)(x))->tstate)
#define Plugin_ReleaseThread(x) \
	Util_ReleaseThread(((PluginObject *)(x))->tstate)
#define Plugin_SetContext(x, y) \
	((PluginObject *)(x))->context = (y);

#define BEGIN_PLUGIN(plg) \
	do { \
	hexchat_context *begin_plugin_ctx = hexchat_get_context(ph); \
	RELEASE_XCHAT_LOCK(); \
	Plugin_AcquireThread(plg); \
	Plugin_SetContext(plg, begin_plugin_ctx); \
	} while (0)
#define END_PLUGIN(plg) \
	do { \
	Plugin_ReleaseThread(plg); \
	ACQUIRE_XCHAT_LOCK(); \
	} while (0)

typedef struct _GSList GSList;

typedef struct {
	PyObject_HEAD
	char *name;
	char *version;
	char *filename;
	char *description;
	GSList *hooks;
	PyThreadState *tstate;
	hexchat_context *context;
	void *gui;
} PluginObject;

typedef struct {
	int type;
	PyObject *plugin;
	PyObject *callback;
	PyObject *userdata;
	void *data; /* A handle, when type == HOOK_XCHAT */
} Hook;

PyObject *Util_BuildList(char *word[]);
void Util_ReleaseThread(PyThreadState *tstate);

int
Callback_Command(char *word[], char *word_eol[], void *userdata)
{
	Hook *hook = (Hook *) userdata;
	PyObject *retobj;
	PyObject *word_list, *word_eol_list;
	int ret = 0;

	BEGIN_PLUGIN(hook->plugin);

	word_list = Util_BuildList(word+1);
	if (word_list == NULL) {
		END_PLUGIN(hook->plugin);
		return 0;
	}
	word_eol_list = Util_BuildList(word_eol+1);
	if (word_eol_list == NULL) {
		Py_DECREF(word_list);
		END_PLUGIN(hook->plugin);
		return 0;
	}

	retobj = PyObject_CallFunction(hook->callback, "(OOO)", word_list,
				       word_eol_list, hook->userdata);
	Py_DECREF(word_list);
	Py_DECREF(word_eol_list);

	if (retobj == Py_None) {
		ret = HEXCHAT_EAT_NONE;
		Py_DECREF(retobj);
	} else if (retobj) {
		ret = PyLong_AsLong(retobj);
		Py_DECREF(retobj);
	} else {
		PyErr_Print();
	}

	END_PLUGIN(hook->plugin); // expect-warning[MOJO-BOR-206] {{'hook'}} xfail(#13): the Hook record (a plain C struct in the plugin object's `hooks` list, reached through the `void *` userdata) is no tracked borrow, so the Python callback (PyObject_CallFunction), which may unhook and g_free it, cannot invalidate it

	return ret;
}
