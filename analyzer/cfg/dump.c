/*
 * dump.c — the text forms of the IR: ol_expr_print() for messages and
 * ol_cfg_dump() for `--dump-cfg`. Pure functions of the IR; no libclang.
 *
 * The dump format is stable (testdata/cfg/ holds it verbatim), one line
 * per item, two spaces of indent per level:
 *
 *   [static ]function NAME(P1, P2[, ...]) -> RETTYPE
 *     vars: x (local), s (static), g (global), $t1 (temp)
 *     note: TEXT
 *     B0 (entry):
 *       decl x
 *       x = PyLong_FromLong(a)
 *       Py_DECREF(x) [macro Py_DECREF]
 *       branch x == NULL ? B1 : B2   [if]
 *     B1 (label out):
 *       goto B3   [goto]
 *       switch c: 1 -> B2, 2..5 -> B3, default -> B4   [switch]
 *       return
 *       return EXPR
 *       noreturn
 *
 * - The `vars:` line lists the non-parameter variables in ol_func.vars
 *   order with their kind; it is left out when there are none. One `note:`
 *   line per entry of ol_func.notes.
 * - A block header says `entry` for block 0 and `label NAME` for a block
 *   that starts at a C label; both in parentheses, comma-separated.
 * - Each op is one line: `decl NAME`, or the C-like text of the expression.
 *   When calls in it come from macros, ` [macro NAME, ...]` follows (each
 *   name once, in evaluation order).
 * - The terminator is the last line of a block. When ol_block.why is set
 *   it follows after three spaces in brackets. Branch and switch
 *   conditions carry their calls' macros like ops do, after the why.
 *
 * Expressions print C-like with the parentheses precedence needs:
 * `f(a, b)`, `(*fp)(x)`, `p->x`, `s.x`, `*p`, `&x`, `a[i]`, `a == NULL`,
 * `-x`, `x++`, `x += 1`, `$t1`, `42`, `"text"` (as written, escapes kept),
 * `1.0` floats print as `<float>`, `sizeof(T)`, `{a, b}`, and unknown
 * expressions as `<?>(args)` or `<TEXT>(args)`.
 */
#include "cfg.h"

#include "../base/strbuf.h"

#include <string.h>

// C precedence levels, higher binds tighter.
enum {
	PREC_ASSIGN = 2,
	PREC_OR = 4, PREC_XOR = 5, PREC_AND = 6,
	PREC_EQ = 7, PREC_REL = 8, PREC_SHIFT = 9, PREC_ADD = 10, PREC_MUL = 11,
	PREC_UNARY = 13, PREC_POSTFIX = 14, PREC_PRIMARY = 15,
};

static const char *op_text(ol_opcode op)
{
	switch (op) {
	case OL_OP_NOT: return "!";
	case OL_OP_NEG: return "-";
	case OL_OP_BITNOT: return "~";
	case OL_OP_PLUS: return "+";
	case OL_OP_PREINC: case OL_OP_POSTINC: return "++";
	case OL_OP_PREDEC: case OL_OP_POSTDEC: return "--";
	case OL_OP_ADD: return "+";
	case OL_OP_SUB: return "-";
	case OL_OP_MUL: return "*";
	case OL_OP_DIV: return "/";
	case OL_OP_MOD: return "%";
	case OL_OP_SHL: return "<<";
	case OL_OP_SHR: return ">>";
	case OL_OP_AND: return "&";
	case OL_OP_OR: return "|";
	case OL_OP_XOR: return "^";
	case OL_OP_EQ: return "==";
	case OL_OP_NE: return "!=";
	case OL_OP_LT: return "<";
	case OL_OP_LE: return "<=";
	case OL_OP_GT: return ">";
	case OL_OP_GE: return ">=";
	case OL_OP_NONE: break;
	}
	return "";
}

static int binary_prec(ol_opcode op)
{
	switch (op) {
	case OL_OP_MUL: case OL_OP_DIV: case OL_OP_MOD: return PREC_MUL;
	case OL_OP_ADD: case OL_OP_SUB: return PREC_ADD;
	case OL_OP_SHL: case OL_OP_SHR: return PREC_SHIFT;
	case OL_OP_LT: case OL_OP_LE: case OL_OP_GT: case OL_OP_GE:
		return PREC_REL;
	case OL_OP_EQ: case OL_OP_NE: return PREC_EQ;
	case OL_OP_AND: return PREC_AND;
	case OL_OP_XOR: return PREC_XOR;
	case OL_OP_OR: return PREC_OR;
	default: return PREC_ADD;
	}
}

static int prec(const ol_expr *e)
{
	switch (e->kind) {
	case OL_E_ASSIGN: return PREC_ASSIGN;
	case OL_E_BINARY: return binary_prec(e->op);
	case OL_E_UNARY:
		return e->op == OL_OP_POSTINC || e->op == OL_OP_POSTDEC ?
			       PREC_POSTFIX : PREC_UNARY;
	case OL_E_DEREF: case OL_E_ADDR: return PREC_UNARY;
	case OL_E_CALL: case OL_E_MEMBER: case OL_E_INDEX:
		return PREC_POSTFIX;
	case OL_E_INT:
		return e->ival < 0 ? PREC_UNARY : PREC_PRIMARY;
	default: return PREC_PRIMARY;
	}
}

static void print(ol_strbuf *out, const ol_expr *e, int min);

static void print_args(ol_strbuf *out, ol_expr *const *args, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		if (i)
			ol_strbuf_add(out, ", ");
		print(out, args[i], PREC_ASSIGN);
	}
}

// Prints `e`, in parentheses when it binds looser than `min`.
static void print(ol_strbuf *out, const ol_expr *e, int min)
{
	if (!e) {
		ol_strbuf_add(out, "<null>");
		return;
	}
	bool paren = prec(e) < min;
	if (paren)
		ol_strbuf_addc(out, '(');
	switch (e->kind) {
	case OL_E_VAR:
		ol_strbuf_add(out, e->var && e->var->name ? e->var->name : "?");
		break;
	case OL_E_INT:
		ol_strbuf_printf(out, "%lld", e->ival);
		break;
	case OL_E_NULL:
		ol_strbuf_add(out, "NULL");
		break;
	case OL_E_STRING:
		ol_strbuf_printf(out, "\"%s\"", e->text ? e->text : "");
		break;
	case OL_E_FLOAT:
		ol_strbuf_add(out, "<float>");
		break;
	case OL_E_CALL:
		if (e->text)
			ol_strbuf_add(out, e->text);
		else if (e->fn && e->fn->kind == OL_E_DEREF)
			print(out, e->fn, PREC_PRIMARY);
		else
			print(out, e->fn, PREC_POSTFIX);
		ol_strbuf_addc(out, '(');
		print_args(out, e->args, e->nargs);
		ol_strbuf_addc(out, ')');
		break;
	case OL_E_MEMBER:
		print(out, e->sub[0], PREC_POSTFIX);
		ol_strbuf_add(out, e->arrow ? "->" : ".");
		ol_strbuf_add(out, e->text ? e->text : "?");
		break;
	case OL_E_DEREF:
		ol_strbuf_addc(out, '*');
		print(out, e->sub[0], PREC_UNARY);
		break;
	case OL_E_ADDR:
		ol_strbuf_addc(out, '&');
		print(out, e->sub[0], PREC_UNARY);
		break;
	case OL_E_INDEX:
		print(out, e->sub[0], PREC_POSTFIX);
		ol_strbuf_addc(out, '[');
		print(out, e->sub[1], PREC_ASSIGN);
		ol_strbuf_addc(out, ']');
		break;
	case OL_E_UNARY:
		if (e->op == OL_OP_POSTINC || e->op == OL_OP_POSTDEC) {
			print(out, e->sub[0], PREC_POSTFIX);
			ol_strbuf_add(out, op_text(e->op));
		} else {
			ol_strbuf_add(out, op_text(e->op));
			// `- -x`, `+ +x`: keep the tokens apart.
			const ol_expr *s = e->sub[0];
			if (s && ((s->kind == OL_E_UNARY &&
				   op_text(s->op)[0] == op_text(e->op)[0]) ||
				  (s->kind == OL_E_INT && s->ival < 0 &&
				   e->op == OL_OP_NEG)))
				ol_strbuf_addc(out, ' ');
			print(out, s, PREC_UNARY);
		}
		break;
	case OL_E_BINARY: {
		int p = binary_prec(e->op);
		print(out, e->sub[0], p);
		ol_strbuf_printf(out, " %s ", op_text(e->op));
		print(out, e->sub[1], p + 1);
		break;
	}
	case OL_E_ASSIGN:
		print(out, e->sub[0], PREC_UNARY);
		ol_strbuf_printf(out, " %s= ", op_text(e->op));
		print(out, e->sub[1], PREC_ASSIGN);
		break;
	case OL_E_SIZEOF:
		ol_strbuf_printf(out, "sizeof(%s)", e->text ? e->text : "?");
		break;
	case OL_E_INITLIST:
		ol_strbuf_addc(out, '{');
		print_args(out, e->args, e->nargs);
		ol_strbuf_addc(out, '}');
		break;
	case OL_E_FUNCREF:
		ol_strbuf_add(out, e->text ? e->text : "?");
		break;
	case OL_E_UNKNOWN:
		ol_strbuf_printf(out, "<%s>", e->text ? e->text : "?");
		if (e->nargs) {
			ol_strbuf_addc(out, '(');
			print_args(out, e->args, e->nargs);
			ol_strbuf_addc(out, ')');
		}
		break;
	}
	if (paren)
		ol_strbuf_addc(out, ')');
}

void ol_expr_print(ol_strbuf *out, const ol_expr *e)
{
	print(out, e, 0);
}

// Collects the distinct macro names of the calls in `e`, in evaluation
// order (arguments before the call itself).
static void collect_macros(const ol_expr *e, const char **names,
			   unsigned *n, unsigned cap)
{
	if (!e)
		return;
	collect_macros(e->fn, names, n, cap);
	collect_macros(e->sub[0], names, n, cap);
	collect_macros(e->sub[1], names, n, cap);
	for (unsigned i = 0; i < e->nargs; i++)
		collect_macros(e->args[i], names, n, cap);
	if (e->kind != OL_E_CALL || !e->macro)
		return;
	for (unsigned i = 0; i < *n; i++)
		if (strcmp(names[i], e->macro) == 0)
			return;
	if (*n < cap)
		names[(*n)++] = e->macro;
}

static void print_macros(ol_strbuf *out, const ol_expr *e)
{
	const char *names[16];
	unsigned n = 0;
	collect_macros(e, names, &n, 16);
	if (!n)
		return;
	ol_strbuf_add(out, " [macro ");
	for (unsigned i = 0; i < n; i++)
		ol_strbuf_printf(out, "%s%s", i ? ", " : "", names[i]);
	ol_strbuf_addc(out, ']');
}

static const char *var_kind_text(ol_var_kind k)
{
	switch (k) {
	case OL_VAR_PARAM: return "param";
	case OL_VAR_LOCAL: return "local";
	case OL_VAR_STATIC_LOCAL: return "static";
	case OL_VAR_GLOBAL: return "global";
	case OL_VAR_TEMP: return "temp";
	}
	return "?";
}

static void dump_term(ol_strbuf *out, const ol_block *b)
{
	ol_strbuf_add(out, "    ");
	switch (b->term) {
	case OL_TERM_GOTO:
		ol_strbuf_printf(out, "goto B%u", b->succ[0] ? b->succ[0]->id : 0);
		break;
	case OL_TERM_BRANCH:
		ol_strbuf_add(out, "branch ");
		ol_expr_print(out, b->cond);
		ol_strbuf_printf(out, " ? B%u : B%u",
				 b->succ[0] ? b->succ[0]->id : 0,
				 b->succ[1] ? b->succ[1]->id : 0);
		break;
	case OL_TERM_SWITCH:
		ol_strbuf_add(out, "switch ");
		ol_expr_print(out, b->cond);
		ol_strbuf_add(out, ":");
		for (unsigned i = 0; i < b->ncases; i++) {
			const ol_case *c = &b->cases[i];
			ol_strbuf_printf(out, "%s %lld", i ? "," : "", c->lo);
			if (c->hi != c->lo)
				ol_strbuf_printf(out, "..%lld", c->hi);
			ol_strbuf_printf(out, " -> B%u",
					 c->succ ? c->succ->id : 0);
		}
		ol_strbuf_printf(out, "%s default -> B%u", b->ncases ? "," : "",
				 b->default_succ ? b->default_succ->id : 0);
		break;
	case OL_TERM_RETURN:
		ol_strbuf_add(out, "return");
		if (b->cond) {
			ol_strbuf_addc(out, ' ');
			ol_expr_print(out, b->cond);
		}
		break;
	case OL_TERM_NORETURN:
		ol_strbuf_add(out, "noreturn");
		break;
	case OL_TERM_THROW:
		ol_strbuf_add(out, "throw");
		break;
	}
	if (b->why)
		ol_strbuf_printf(out, "   [%s]", b->why);
	if (b->cond)
		print_macros(out, b->cond);
	ol_strbuf_addc(out, '\n');
}

void ol_cfg_dump(ol_strbuf *out, const ol_func *fn)
{
	ol_strbuf_printf(out, "%sfunction %s(", fn->is_static ? "static " : "",
			 fn->name ? fn->name : "?");
	for (unsigned i = 0; i < fn->nparams && i < fn->nvars; i++)
		ol_strbuf_printf(out, "%s%s", i ? ", " : "",
				 fn->vars[i]->name[0] ? fn->vars[i]->name :
							"<unnamed>");
	if (fn->is_variadic)
		ol_strbuf_add(out, fn->nparams ? ", ..." : "...");
	ol_strbuf_printf(out, ") -> %s\n",
			 fn->ret.spelling ? fn->ret.spelling : "?");
	if (fn->nvars > fn->nparams) {
		ol_strbuf_add(out, "  vars:");
		for (unsigned i = fn->nparams; i < fn->nvars; i++)
			ol_strbuf_printf(out, "%s %s (%s)",
					 i > fn->nparams ? "," : "",
					 fn->vars[i]->name,
					 var_kind_text(fn->vars[i]->kind));
		ol_strbuf_addc(out, '\n');
	}
	for (unsigned i = 0; i < fn->nnotes; i++)
		ol_strbuf_printf(out, "  note: %s\n", fn->notes[i]);
	for (unsigned i = 0; i < fn->nblocks; i++) {
		const ol_block *b = fn->blocks[i];
		ol_strbuf_printf(out, "  B%u", b->id);
		if (b->id == 0 && b->label)
			ol_strbuf_printf(out, " (entry, label %s)", b->label);
		else if (b->id == 0)
			ol_strbuf_add(out, " (entry)");
		else if (b->label)
			ol_strbuf_printf(out, " (label %s)", b->label);
		ol_strbuf_add(out, ":\n");
		for (unsigned j = 0; j < b->nops; j++) {
			const ol_op *op = &b->ops[j];
			ol_strbuf_add(out, "    ");
			if (op->kind == OL_OPK_DECL) {
				ol_strbuf_printf(out, "decl %s",
						 op->var ? op->var->name : "?");
			} else {
				ol_expr_print(out, op->expr);
				print_macros(out, op->expr);
			}
			ol_strbuf_addc(out, '\n');
		}
		dump_term(out, b);
	}
}
