/* The getter of ../requires-312/flags.c, in a project whose own file says
 * which Python it needs (see there). */
#include "../requires-312/flags.c"
