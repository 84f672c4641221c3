// From HexChat (hexchat/hexchat) plugins/python/python.c, Callback_Command,
// as of the parent of commit 5c9652bf ("python: Hold a reference to plugin
// instead of dereferencing hook to get to it.", pull request
// https://github.com/hexchat/hexchat/pull/596, 2013: "hook might have been
// free'd by the callback via hexchat.unhook()", reproduced and confirmed in
// a debugger by its author). The hook is a C struct of the plugin's hook
// list, handed to the callback as its userdata; the
// user's Python callback (PyObject_CallFunction) may call hexchat.unhook()
// on it, and Plugin_RemoveHook then g_frees it; END_PLUGIN(hook->plugin)
// after the call reads the freed hook. The fix reads hook->plugin into a
// local before the callback runs (Callback_Print had the same bug and the
// same fix). The structs, the WITH_THREAD macros, Util_ReleaseThread,
// Util_BuildList, Plugin_GetCurrent, Plugin_RemoveHook and
// Module_hexchat_unhook are verbatim; Callback_Command is verbatim but
// non-static (hexchat_plugin_init, which registers it, is left out). The
// hexchat API and the calls the stub headers lack (PyEval_AcquireThread,
// PyThreadState_Swap, PyEval_ReleaseLock, PySys_GetObject,
// PyObject_CallFunction, g_slist) are declared here. The tool reports
// nothing else on this code.
#include <Python.h>

/* The hexchat plugin API and GLib's lists, as far as used here. */
typedef struct _hexchat_plugin hexchat_plugin;
typedef struct _hexchat_context hexchat_context;
typedef struct _hexchat_hook hexchat_hook;
hexchat_context *hexchat_get_context(hexchat_plugin *ph);
int hexchat_set_context(hexchat_plugin *ph, hexchat_context *ctx);
void *hexchat_unhook(hexchat_plugin *ph, hexchat_hook *hook);
#define HEXCHAT_EAT_NONE 0
typedef struct _GSList { void *data; struct _GSList *next; } GSList;
GSList *g_slist_find(GSList *list, const void *data);
GSList *g_slist_remove(GSList *list, const void *data);
void g_free(void *mem);
void PyEval_AcquireThread(PyThreadState *tstate);
PyThreadState *PyThreadState_Swap(PyThreadState *tstate);
void PyEval_ReleaseLock(void);
PyObject *PySys_GetObject(const char *name);
PyObject *PyObject_CallFunction(PyObject *callable, const char *format, ...);

static hexchat_plugin *ph;
static PyThread_type_lock xchat_lock;

#define NONE 0
#define ALLOW_THREADS 1
#define RESTORE_CONTEXT 2


/* The WITH_THREAD variants. */
#define ACQUIRE_XCHAT_LOCK() PyThread_acquire_lock(xchat_lock, 1)
#define RELEASE_XCHAT_LOCK() PyThread_release_lock(xchat_lock)
#define BEGIN_XCHAT_CALLS(x) \
	do { \
		PyObject *calls_plugin = NULL; \
		PyThreadState *calls_thread; \
		if ((x) & RESTORE_CONTEXT) \
			calls_plugin = Plugin_GetCurrent(); \
		calls_thread = PyEval_SaveThread(); \
		ACQUIRE_XCHAT_LOCK(); \
		if (!((x) & ALLOW_THREADS)) { \
			PyEval_RestoreThread(calls_thread); \
			calls_thread = NULL; \
		} \
		if (calls_plugin) \
			hexchat_set_context(ph, \
				Plugin_GetContext(calls_plugin)); \
		while (0)
#define END_XCHAT_CALLS() \
		RELEASE_XCHAT_LOCK(); \
		if (calls_thread) \
			PyEval_RestoreThread(calls_thread); \
	} while(0)

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

#define Plugin_Swap(x) \
	PyThreadState_Swap(((PluginObject *)(x))->tstate)
#define Plugin_AcquireThread(x) \
	PyEval_AcquireThread(((PluginObject *)(x))->tstate)
#define Plugin_ReleaseThread(x) \
	Util_ReleaseThread(((PluginObject *)(x))->tstate)
#define Plugin_GetHooks(x) \
	(((PluginObject *)(x))->hooks)
#define Plugin_GetContext(x) \
	(((PluginObject *)(x))->context)
#define Plugin_SetHooks(x, y) \
	((PluginObject *)(x))->hooks = (y);
#define Plugin_SetContext(x, y) \
	((PluginObject *)(x))->context = (y);

#define HOOK_XCHAT  1
#define HOOK_UNLOAD 2

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

/* Similar to PyEval_ReleaseThread, but accepts NULL thread states. */
static void
Util_ReleaseThread(PyThreadState *tstate)
{
	PyThreadState *old_tstate;
	if (tstate == NULL)
		Py_FatalError("PyEval_ReleaseThread: NULL thread state");
	old_tstate = PyThreadState_Swap(NULL);
	if (old_tstate != tstate && old_tstate != NULL)
		Py_FatalError("PyEval_ReleaseThread: wrong thread state");
	PyEval_ReleaseLock();
}

static PyObject *
Util_BuildList(char *word[])
{
	PyObject *list;
	int listsize = 0;
	int i;
	while (word[listsize] && word[listsize][0])
		listsize++;
	list = PyList_New(listsize);
	if (list == NULL) {
                PyErr_Print();
		return NULL;
	}
	for (i = 0; i != listsize; i++) {
		PyObject *o = PyUnicode_FromString(word[i]);
		if (o == NULL) {
			Py_DECREF(list);
			PyErr_Print();
			return NULL;
		}
		PyList_SetItem(list, i, o);
	}
	return list;
}

static PyObject *
Plugin_GetCurrent()
{
	PyObject *plugin;
	plugin = PySys_GetObject("__plugin__");
	if (plugin == NULL)
		PyErr_SetString(PyExc_RuntimeError, "lost sys.__plugin__");
	return plugin;
}

static void
Plugin_RemoveHook(PyObject *plugin, Hook *hook)
{
	GSList *list;
	/* Is this really a hook of the running plugin? */
	list = g_slist_find(Plugin_GetHooks(plugin), hook);
	if (list) {
		/* Ok, unhook it. */
		if (hook->type == HOOK_XCHAT) {
			/* This is an xchat hook. Unregister it. */
			BEGIN_XCHAT_CALLS(NONE);
			hexchat_unhook(ph, (hexchat_hook*)hook->data);
			END_XCHAT_CALLS();
		}
		Plugin_SetHooks(plugin,
				g_slist_remove(Plugin_GetHooks(plugin),
					       hook));
		Py_DECREF(hook->callback);
		Py_DECREF(hook->userdata);
		g_free(hook);
	}
}

static PyObject *
Module_hexchat_unhook(PyObject *self, PyObject *args)
{
	PyObject *plugin;
	Hook *hook;
	if (!PyArg_ParseTuple(args, "l:unhook", &hook))
		return NULL;
	plugin = Plugin_GetCurrent();
	if (plugin == NULL)
		return NULL;
	Plugin_RemoveHook(plugin, hook);
	Py_INCREF(Py_None);
	return Py_None;
}

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

	END_PLUGIN(hook->plugin); // expect-warning[MOJO-BOR-206] {{'hook'}} xfail(#13): the hook is a plain C struct of the plugin's hook list handed in as the callback's void * userdata, no tracked borrow: that the Python callback (PyObject_CallFunction) may free it through hexchat.unhook (Plugin_RemoveHook's g_free) is not seen, and hook->plugin is read after the call

	return ret;
}
