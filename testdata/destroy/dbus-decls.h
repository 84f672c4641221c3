// libdbus's declarations the destroy-callback cases use, as
// <dbus/dbus.h> spells them (libdbus 1.14): the tests do not depend on
// the host's libdbus headers.
#ifndef OWNLINT_TEST_DBUS_DECLS_H
#define OWNLINT_TEST_DBUS_DECLS_H

typedef unsigned int dbus_uint32_t;
typedef int dbus_int32_t;
typedef dbus_uint32_t dbus_bool_t;
#define TRUE 1
#define FALSE 0
typedef struct DBusConnection DBusConnection;
typedef struct DBusMessage DBusMessage;
typedef struct DBusPendingCall DBusPendingCall;
typedef enum {
	DBUS_HANDLER_RESULT_HANDLED,
	DBUS_HANDLER_RESULT_NOT_YET_HANDLED,
	DBUS_HANDLER_RESULT_NEED_MEMORY
} DBusHandlerResult;

typedef void (*DBusFreeFunction)(void *memory);
typedef DBusHandlerResult (*DBusHandleMessageFunction)(
	DBusConnection *connection, DBusMessage *message, void *user_data);
typedef void (*DBusPendingCallNotifyFunction)(DBusPendingCall *pending,
					      void *user_data);

dbus_bool_t dbus_connection_set_data(DBusConnection *connection,
				     dbus_int32_t slot, void *data,
				     DBusFreeFunction free_data_func);
dbus_bool_t dbus_message_set_data(DBusMessage *message, dbus_int32_t slot,
				  void *data, DBusFreeFunction free_data_func);
dbus_bool_t dbus_connection_add_filter(DBusConnection *connection,
				       DBusHandleMessageFunction function,
				       void *user_data,
				       DBusFreeFunction free_data_function);
dbus_bool_t dbus_pending_call_set_notify(DBusPendingCall *pending,
					 DBusPendingCallNotifyFunction function,
					 void *user_data,
					 DBusFreeFunction free_user_data);

#endif
