// GLib's and GObject's declarations the destroy-callback cases use, as
// <glib-object.h> spells them (GLib 2.74): the tests do not depend on the
// host's GLib headers.
#ifndef OWNLINT_TEST_GLIB_DECLS_H
#define OWNLINT_TEST_GLIB_DECLS_H

typedef void *gpointer;
typedef const void *gconstpointer;
typedef int gint;
typedef gint gboolean;
typedef unsigned int guint;
typedef unsigned long gulong;
typedef char gchar;
typedef unsigned long gsize;
typedef unsigned int GQuark;
typedef struct _GObject GObject;
typedef struct _GClosure GClosure;
typedef struct _GBytes GBytes;
typedef enum { G_CONNECT_DEFAULT = 0, G_CONNECT_AFTER = 1 } GConnectFlags;

typedef void (*GDestroyNotify)(gpointer data);
typedef void (*GClosureNotify)(gpointer data, GClosure *closure);
typedef gboolean (*GSourceFunc)(gpointer user_data);
typedef void (*GCallback)(void);
#define G_CALLBACK(f) ((GCallback)(f))
#define G_PRIORITY_DEFAULT_IDLE 200

void g_object_set_data_full(GObject *object, const gchar *key, gpointer data,
			    GDestroyNotify destroy);
void g_object_set_qdata_full(GObject *object, GQuark quark, gpointer data,
			     GDestroyNotify destroy);
guint g_idle_add_full(gint priority, GSourceFunc function, gpointer data,
		      GDestroyNotify notify);
gulong g_signal_connect_data(gpointer instance, const gchar *detailed_signal,
			     GCallback c_handler, gpointer data,
			     GClosureNotify destroy_data,
			     GConnectFlags connect_flags);
#define g_signal_connect(instance, detailed_signal, c_handler, data) \
	g_signal_connect_data((instance), (detailed_signal), (c_handler), \
			      (data), NULL, (GConnectFlags)0)
GBytes *g_bytes_new_with_free_func(gconstpointer data, gsize size,
				   GDestroyNotify free_func,
				   gpointer user_data);

#endif
