/*
 * tss.c — the `tss` kind: thread-specific storage keys.
 *
 *   (untracked) --pthread_key_create(&k, d) == 0 / PyThread_tss_create /
 *       PyThread_tss_alloc / PyThread_create_key--> owned key
 *   owned --pthread_key_delete / PyThread_tss_delete / _free /
 *       PyThread_delete_key--> released
 *   owned --stored into a global or module state--> escaped (the owner's
 *       teardown must delete it: MOJO-OWN-110)
 *   owned --function returns--> [MOJO-OWN-101 / 105]
 *   released --delete again--> [MOJO-OWN-104]
 */
#include "sm.h"

const ol_sm ol_sm_tss = {
	.kind = "tss",
	.noun = "thread-specific key",
	.escape_on_unknown_call = false,
};
