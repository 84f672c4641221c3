/*
 * diag.h — findings and tool notifications as data.
 *
 * State machines create findings with their path events; the sink copies
 * everything it is given (findings outlive the TU arena), drops disabled
 * checks, and at the end sorts and de-duplicates so the output is the same
 * whatever order the translation units were analyzed in (-j N).
 * Emitters (emit/) only read a finished sink.
 */
#ifndef OL_DIAG_H
#define OL_DIAG_H

#include "../cfg/cfg.h"

#include <stdbool.h>
#include <stddef.h>

typedef enum ol_level {
	OL_LEVEL_NOTE,
	OL_LEVEL_WARNING,
	OL_LEVEL_ERROR,
} ol_level;

typedef enum ol_check_id {
#define CHECK(e, id, name, level, cwe, help) OL_CHECK_##e,
#include "checks.def"
#undef CHECK
	OL_CHECK__COUNT
} ol_check_id;

typedef struct ol_check_info {
	const char *id;   // "MOJO-OWN-101"
	const char *name; // "resource-leak"
	ol_level level;
	int cwe;
	const char *help;
} ol_check_info;

// Returns the static row of checks.def for `c`.
const ol_check_info *ol_check_info_get(ol_check_id c);
// Matches `s` against the check glob `g` ('*' any run of characters,
// case-sensitive), in time linear in their lengths whatever the stars.
bool ol_check_glob_match(const char *g, const char *s);
// Applies the clang-tidy style `globs` (comma-separated, '*' wildcard, a
// '-' prefix clears, left to right) to `on`, one flag per check, matched by
// ID or name. Returns false if `globs` is malformed or a glob matches
// nothing, with ol_error_set() and `on` unchanged. --checks and
// --warnings-as-errors read their globs this way.
bool ol_check_globs_apply(const char *globs, bool on[OL_CHECK__COUNT]);
// Finds a check by public ID ("MOJO-OWN-101"); returns false if unknown.
bool ol_check_lookup(const char *id, ol_check_id *out);
const char *ol_level_name(ol_level l); // "note", "warning", "error"

// One step of a finding's path: "(2) taking the error branch".
typedef struct ol_event {
	ol_loc loc;
	char *msg; // owned by the sink
} ol_event;

// Another site of a grouped finding (diag/group.c).
typedef struct ol_related {
	ol_loc loc;
	char *msg; // owned by the sink
} ol_related;

// What identifies a finding across runs (its fingerprint, emit/sarif.c),
// set by the grouping pass: the finding itself, its acquisition site (for
// leaks and MOJO-OWN-109), or the macro body its root cause lies in.
typedef enum ol_key_kind {
	OL_KEY_SELF,
	OL_KEY_ACQUISITION,
	OL_KEY_MACRO,
} ol_key_kind;

typedef struct ol_diag {
	ol_check_id check;
	ol_level level;
	ol_loc loc;       // primary location (file owned by the sink)
	char *msg;        // "new reference 'tmp' from 'PyLong_FromLong' is leaked ..."
	char *func;       // enclosing function, for fingerprints
	char *resource;   // resource kind ("heap", "pyref", ...)
	char *subject;    // the variable or expression named, for fingerprints
	ol_event *events; // in path order, numbered from 1 when printed
	size_t nevents;
	bool suppressed;  // set by the suppression pass, emitted only on request
	bool baselined;   // suppressed because --baseline lists it (external)
	char *justification; // why it is suppressed (NOLINT text), or NULL;
	                     // owned by the sink
	// Grouping (diag/group.c): the other sites of this root cause, and
	// how many sites the group has (1 for a finding alone).
	ol_related *related;
	size_t nrelated;
	size_t group_size;
	ol_key_kind key_kind;
	ol_loc key_loc;      // the acquisition site, or the macro body spot
	char *macro;         // OL_KEY_MACRO: the macro's name, owned
} ol_diag;

// The words a leak's message uses for the one exit it was found on
// (engine/report.c). A group that holds leaks of both rules, on an error
// exit and on a normal one, says so instead (diag/group.c).
#define OL_MSG_LEAKED_ON_ERROR_EXIT " is leaked on the error exit"
#define OL_MSG_LEAKED_ON_ERROR_PATH " is leaked on the error path:"

// A tool notification: a file that failed to parse, a budget cut-off, a
// function the lowering could not handle. Never a finding.
typedef struct ol_notice {
	ol_level level; // error: input could not be analyzed; warning: partly
	ol_loc loc;     // file may be set with line 0
	char *msg;
	char *kind;     // short tag: "parse-error", "budget", "io", ...
} ol_notice;

typedef struct ol_diag_sink ol_diag_sink;

// An owned copy of `l` (its strings malloc'ed), and freeing one.
ol_loc ol_diag_loc_dup(ol_loc l);
void ol_diag_loc_free(ol_loc *l);

// Returns an owned, empty sink; free it with ol_diag_sink_free().
ol_diag_sink *ol_diag_sink_new(void);
void ol_diag_sink_free(ol_diag_sink *s);
// An empty sink that takes the checks `like` takes.
ol_diag_sink *ol_diag_sink_new_like(const ol_diag_sink *like);

// Which checks are enabled (all by default). Returns false if `globs` is
// malformed or matches nothing, with ol_error_set(). Globs are
// clang-tidy style: comma-separated, '*' wildcard, '-' prefix disables,
// applied left to right: "MOJO-OWN-*,-MOJO-OWN-106".
bool ol_diag_sink_set_checks(ol_diag_sink *s, const char *globs);
bool ol_diag_sink_enabled(const ol_diag_sink *s, ol_check_id c);

// Copies `d` (strings, file names, events) into the sink. Dropped silently
// when the check is disabled.
void ol_diag_sink_add(ol_diag_sink *s, const ol_diag *d);
// Copies a notification into the sink.
void ol_diag_sink_notice(ol_diag_sink *s, ol_level level, ol_loc loc,
			 const char *kind, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
// Moves every finding and notice of `from` into `s`; `from` is left empty.
void ol_diag_sink_merge(ol_diag_sink *s, ol_diag_sink *from);

struct ol_strbuf;
struct ol_deser;
// The sink's findings and notices as records (base/serial.h), for the
// cache; read back into an empty sink. Returns false on malformed input
// (the sink then holds what was read so far).
void ol_diag_sink_write(const ol_diag_sink *s, struct ol_strbuf *b);
bool ol_diag_sink_read(ol_diag_sink *s, struct ol_deser *r);

// Sorts by (file, line, col, check, message) and removes duplicates.
void ol_diag_sink_finish(ol_diag_sink *s);
// Sorts again (after the grouping pass moved findings), without removing.
void ol_diag_sink_sort(ol_diag_sink *s);
// Keeps the findings `i` with keep[i] (in order) and frees the others.
void ol_diag_sink_keep(ol_diag_sink *s, const bool *keep);
// Keeps the notices `i` with keep[i] (in order) and frees the others.
void ol_diag_sink_keep_notices(ol_diag_sink *s, const bool *keep);

size_t ol_diag_sink_count(const ol_diag_sink *s);
// Returns a borrowed pointer valid until the sink changes.
const ol_diag *ol_diag_sink_get(const ol_diag_sink *s, size_t i);
ol_diag *ol_diag_sink_get_mut(ol_diag_sink *s, size_t i);
size_t ol_diag_sink_notice_count(const ol_diag_sink *s);
const ol_notice *ol_diag_sink_notice_get(const ol_diag_sink *s, size_t i);

#endif
