/*
 * globalreads.c — the globals some function of the file reads.
 *
 * A borrowed reference kept in a global without a reference of its own
 * (MOJO-BOR-202) is a bug because code reads the global later, when the
 * owner may have dropped the object. A global that no function of the
 * file reads is a dead store: `ctor = PyDict_GetItemString(d, "Radix");`
 * in a module's init, the global never used again, cannot be used after
 * the owner drops it, and is not reported.
 *
 * A read is any use of the global's value: an operand, an argument, the
 * address taken (`&g`, which may be read through), a compound assignment.
 * Only the left side of a plain assignment (`g = v`) is no read. The set
 * depends on the file's CFGs alone, which memo.c keeps unchanged between
 * rounds. (A global of external linkage read only by another file is
 * taken as never read: rules/README.md.)
 */
#include "engine_int.h"


static void note_read(tu_ctx *tu, const char *name)
{
	ol_strmap_add(&tu->read_globals, name, 0);
}

static void scan(tu_ctx *tu, const ol_expr *e)
{
	while (e) {
		if (e->kind == OL_E_VAR) {
			if (e->var && e->var->kind == OL_VAR_GLOBAL &&
			    e->var->name)
				note_read(tu, e->var->name);
			return;
		}
		if (e->fn)
			scan(tu, e->fn);
		for (unsigned a = 0; a < e->nargs; a++)
			scan(tu, e->args[a]);
		if (e->sub[1])
			scan(tu, e->sub[1]);
		// `g = v`: g is written, not read.
		if (e->kind == OL_E_ASSIGN && e->op == OL_OP_NONE &&
		    e->sub[0] && e->sub[0]->kind == OL_E_VAR)
			return;
		e = e->sub[0];
	}
}

void globalreads_collect(tu_ctx *tu)
{
	for (size_t i = 0; i < tu->nsums; i++) {
		const ol_func *fn = tu->sums[i].fn;
		for (unsigned b = 0; b < fn->nblocks; b++) {
			const ol_block *blk = fn->blocks[b];
			for (unsigned k = 0; k < blk->nops; k++)
				scan(tu, blk->ops[k].expr);
			scan(tu, blk->cond);
		}
	}
}

bool global_read(const tu_ctx *tu, const char *name)
{
	return ol_strmap_get(&tu->read_globals, name, NULL);
}
