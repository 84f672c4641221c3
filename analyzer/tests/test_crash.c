/*
 * test_crash.c — the crash layer's last resort (frontend/crash.c).
 *
 * A crash while no input is being analyzed cannot be survived by
 * re-executing the run without a file: crash_handler() hands it to the
 * handler that was installed before it. In a sanitizer build that is the
 * sanitizer's reporter, so the crash is reported with its stack instead
 * of ending the process silently. These tests install a handler of their
 * own first, and check that it is the one that ends the process, for a
 * fault and for a signal that was sent.
 */
#include "../frontend/crash.h"

#include <criterion/criterion.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static char *test_argv[] = { "test_crash", NULL };

static void previous_handler(int sig)
{
	_exit(100 + sig % 50);
}

static void install_previous(int sig)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = previous_handler;
	sigemptyset(&sa.sa_mask);
	cr_assert_eq(sigaction(sig, &sa, NULL), 0);
}

Test(crash, fault_outside_an_input_reaches_the_previous_handler,
     .exit_code = 100 + SIGSEGV % 50)
{
	install_previous(SIGSEGV);
	ol_crash_init(test_argv);
	volatile int *volatile nowhere = NULL;
	*nowhere = 1;
}

Test(crash, sent_signal_outside_an_input_reaches_the_previous_handler,
     .exit_code = 100 + SIGABRT % 50)
{
	install_previous(SIGABRT);
	ol_crash_init(test_argv);
	raise(SIGABRT);
}
