/*
 * contracts.h — what each function of the project does to the references
 * it is given and returns, across translation units (rules/README.md).
 *
 * A contract is the knowledge-base entry a caller applies at a call: the
 * return (new, borrowed, always NULL, an argument), each parameter's effect
 * (borrow, steal, steal on success, release, written through), and the
 * error convention. The engine derives one per function from its body
 * (summary.c) and exports it; run.c merges the exports of every file and
 * hands the merged set back to the engine, which applies it to calls of
 * functions defined in another file. Where a contract comes from, strongest
 * first (call.c's lookup): annotations and rules files, the file's own
 * summary of the body, this set (another file's body), the conventions.
 *
 * Registrations travel the same way: a function one file defines and
 * another file's table registers keeps the interpreter's contract
 * (frontend/tables.h).
 *
 * A set owns copies of everything added to it (its own arena).
 */
#ifndef OL_ENGINE_CONTRACTS_H
#define OL_ENGINE_CONTRACTS_H

#include "../base/strbuf.h"
#include "../cfg/cfg.h"
#include "../kb/kb.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct ol_contract {
	const char *name;
	ol_kb_entry entry;  // what a caller applies (family "contract")
	ol_loc loc;         // the definition
	bool is_static;     // only its own file calls it
	bool complete;      // every path was explored (no budget cut-off)
	unsigned tu;        // the input that defines it
	uint64_t hash;      // of the effects: equal hash, same contract
	// The definition's signature (ol_func.sig): a caller whose own
	// declaration of `name` differs calls another function.
	const char *sig;
	// (C++) The definition's type in full (ol_func.overload): which of
	// the overloads of `name` this is; NULL in C.
	const char *overload;
	// (engine/nullflag.c) Field `flag_field` of parameter `flag_param`'s
	// struct is nonzero only when the result is NULL (-1, NULL: none).
	int flag_param;
	const char *flag_field;
} ol_contract;

typedef struct ol_registration_fact {
	const char *func;   // the registered function
	const char *role;   // "ml_meth", "tp_repr", ...
	bool teardown;
	unsigned tu;        // the input whose table registers it
} ol_registration_fact;

typedef struct ol_contracts ol_contracts;

// Returns an owned, empty set; free it with ol_contracts_free().
ol_contracts *ol_contracts_new(void);
void ol_contracts_free(ol_contracts *set); // NULL-safe

// Copies `c` (entry, strings, arguments) into the set; the hash is
// computed here. A second contract of the same name is kept too (another
// file may define a static function of that name).
void ol_contracts_add(ol_contracts *set, const ol_contract *c);
void ol_contracts_register(ol_contracts *set, const ol_registration_fact *r);

// Moves a TU's set into the run's, tagging it with input index `tu`; the
// order of merges decides which definition of a duplicated name wins (the
// first), so merge in input order.
void ol_contracts_merge(ol_contracts *into, const ol_contracts *from,
			unsigned tu);

// The contract of the function `name` with external linkage, or NULL.
// `conflict` (may be NULL) is set when two files define `name` with
// different contracts (the first is returned).
const ol_contract *ol_contracts_find(const ol_contracts *set,
				     const char *name, bool *conflict);
// The contract of the overload of `name` whose type is `overload` (a
// call's callee_overload): when the name's contracts carry types and none
// is that one, NULL (the function the call names is defined nowhere in
// the run); without types (C, or no `overload`), ol_contracts_find()'s.
const ol_contract *ol_contracts_find_overload(const ol_contracts *set,
					      const char *name,
					      const char *overload);
// A number that changes when what a caller reads of `c` changes: its
// effects (the hash), whether it is complete, and where it is defined.
uint64_t ol_contracts_digest(const ol_contract *c);
// ... of every external contract of `name` (its overloads), 0 when there
// is none.
uint64_t ol_contracts_digest_name(const ol_contracts *set, const char *name);
// Records that input `tu` calls `name` (a function it does not define).
void ol_contracts_add_call(ol_contracts *set, const char *name, unsigned tu);
// Whether an input other than `self` calls `name`.
bool ol_contracts_called_elsewhere(const ol_contracts *set, const char *name,
				   unsigned self);
// A number that changes when the set changes what it says to input `self`:
// the contracts of the `ncallees` functions it calls, and the
// registrations and other files' calls of the `nexported` functions it
// defines with external linkage.
uint64_t ol_contracts_signature(const ol_contracts *set,
				const char *const *callees, size_t ncallees,
				const char *const *exported, size_t nexported,
				unsigned self);
// A file calls C API of Python 3.12 or later that the headers of its
// parse do not declare (frontend/pyversion.h): the project is written for
// 3.12, every file of the run with it. Noted in a file's own set; the
// run's set knows which input noted it first, and whether another did.
void ol_contracts_note_newer_python(ol_contracts *set);
bool ol_contracts_newer_python(const ol_contracts *set);
// The registration of `name` in some file's table, or NULL.
const ol_registration_fact *ol_contracts_registered(const ol_contracts *set,
						    const char *name);

// --dump-contracts: the set as a JSON document, appended to `b`.
void ol_contracts_dump_json(const ol_contracts *set, ol_strbuf *b);
// --emit-rules: the exported functions' contracts as a rules file
// (rules/README.md), appended to `b`, for projects that call them.
void ol_contracts_write_rules(const ol_contracts *set, ol_strbuf *b);

// The set as records (base/serial.h), for the cache; read back into an
// empty set. Returns false on malformed input.
struct ol_deser;
void ol_contracts_write(const ol_contracts *set, ol_strbuf *b);
bool ol_contracts_read(ol_contracts *set, struct ol_deser *r);

size_t ol_contracts_count(const ol_contracts *set);
const ol_contract *ol_contracts_at(const ol_contracts *set, size_t i);
size_t ol_contracts_registration_count(const ol_contracts *set);
const ol_registration_fact *ol_contracts_registration_at(
	const ol_contracts *set, size_t i);

#endif
