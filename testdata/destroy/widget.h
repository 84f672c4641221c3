// A hand-written C library: its setter takes the data, flags, then the
// function that releases the data (rules: widget-rules.json).
#ifndef OWNLINT_TEST_WIDGET_H
#define OWNLINT_TEST_WIDGET_H
typedef struct widget widget;
void widget_set_user_data(widget *w, void *user_data, unsigned flags,
			  void (*free_user_data)(void *));
#endif
