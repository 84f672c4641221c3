/*
 * ninja.c — the build file of --emit-ninja (ninja.h).
 *
 * Words go through two quotings: the shell's (single quotes, since the
 * command is run by /bin/sh) and then ninja's, where only '$', ' ', ':'
 * and newlines are special in paths and '$' in commands. A facts file is
 * named after its shard number, zero-padded so `ls` lists them in order.
 */
#include "ninja.h"

#include "base/outfile.h"
#include "base/path.h"
#include "base/strbuf.h"
#include "ol.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

// A word for /bin/sh, then escaped for a ninja command.
static void add_shell_word(ol_strbuf *b, const char *w)
{
	bool plain = *w != 0;
	for (const char *p = w; *p && plain; p++)
		plain = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			       "0123456789-_./=,+:@%^", *p) != NULL;
	ol_strbuf_add(b, " ");
	if (!plain)
		ol_strbuf_add(b, "'");
	for (const char *p = w; *p; p++) {
		if (*p == '\'')
			ol_strbuf_add(b, "'\\''");
		else if (*p == '$')
			ol_strbuf_add(b, "$$");
		else if (*p == '\n')
			ol_strbuf_add(b, "$\n");
		else
			ol_strbuf_addn(b, p, 1);
	}
	if (!plain)
		ol_strbuf_add(b, "'");
}

// A path in a build statement.
static void add_path(ol_strbuf *b, const char *p)
{
	for (; *p; p++) {
		if (*p == '$' || *p == ' ' || *p == ':' || *p == '\n')
			ol_strbuf_add(b, "$");
		ol_strbuf_addn(b, p, 1);
	}
}

int ol_ninja_write(const ol_ninja_opts *o)
{
	ol_strbuf b;
	ol_strbuf_init(&b);
	size_t n = o->ninputs;
	int width = 1;
	for (size_t k = n; k >= 10; k /= 10)
		width++;

	ol_strbuf_add(&b, "# Written by mojo-ownlint --emit-ninja "
		      "(docs/scale.md): one action per\n# translation unit, "
		      "then the merge. Run: ninja -C <this folder>.\n"
		      "ninja_required_version = 1.3\n\nownlint =");
	add_shell_word(&b, o->tool);
	ol_strbuf_add(&b, "\nsrcdir =");
	add_shell_word(&b, o->cwd);
	ol_strbuf_add(&b, "\nargs =");
	for (size_t i = 0; i < o->nargs; i++)
		add_shell_word(&b, o->args[i]);
	ol_strbuf_add(&b, "\nmerge_args =");
	for (size_t i = 0; i < o->nmerge_args; i++)
		add_shell_word(&b, o->merge_args[i]);
	char *dir = ol_path_absolute(o->dir);
	ol_strbuf_add(&b, "\nbuilddir =");
	add_shell_word(&b, dir);
	ol_strbuf_add(&b,
		"\n\n"
		"rule shard\n"
		"  command = cd $srcdir && $ownlint --no-cache --no-progress -q "
		"-j 1 --shard $shard --facts-out $builddir/$out $args\n"
		"  description = mojo-ownlint $shard $in\n"
		"  depfile = $builddir/$out.d\n"
		"  deps = gcc\n"
		"\n"
		"# --exit-zero: findings are the report's business, not a failed "
		"build;\n"
		"# so is a file not analyzed at all (exit 2 with the report "
		"written: its\n"
		"# notice is in the report). Any other failure fails the build.\n"
		"rule merge\n"
		"  command = rm -f $builddir/$out && cd $srcdir && $ownlint merge "
		"$merge_args --exit-zero --no-progress -o $builddir/$out $facts; "
		"s=$$?; test $$s -eq 0 || { test $$s -eq 2 && test -f "
		"$builddir/$out; }\n"
		"  description = mojo-ownlint merge ($n_facts shards)\n\n");
	ol_strbuf facts;
	ol_strbuf_init(&facts);
	for (size_t i = 0; i < n; i++) {
		size_t k = o->positions[i] + 1;
		char name[64];
		snprintf(name, sizeof name, "facts/%0*zu.facts", width, k);
		ol_strbuf_printf(&b, "build %s: shard ", name);
		char *src = ol_path_absolute(o->inputs[i]);
		add_path(&b, src);
		free(src);
		// A rebuilt tool reruns everything (merge refuses the facts
		// of another build).
		ol_strbuf_add(&b, " | ");
		add_path(&b, o->tool);
		ol_strbuf_printf(&b, "\n  shard = %zu/%zu\n", k, n);
		ol_strbuf_printf(&facts, " %s", name);
	}
	ol_strbuf_printf(&b, "\nbuild %s: merge", o->report);
	ol_strbuf_add(&b, ol_strbuf_str(&facts));
	ol_strbuf_add(&b, " | ");
	add_path(&b, o->tool);
	ol_strbuf_printf(&b, "\n  n_facts = %zu\n  facts =", n);
	// the merge's arguments, in shard order (any order merges the same)
	for (size_t k = 1; k <= n; k++) {
		char name[64];
		snprintf(name, sizeof name, "facts/%0*zu.facts", width, k);
		ol_strbuf_add(&b, " $builddir/");
		ol_strbuf_add(&b, name);
	}
	ol_strbuf_printf(&b, "\n\ndefault %s\n", o->report);
	ol_strbuf_free(&facts);
	free(dir);

	int err = 0;
	char path[4096];
	snprintf(path, sizeof path, "%s/facts", o->dir);
	if ((mkdir(o->dir, 0777) != 0 && errno != EEXIST) ||
	    (mkdir(path, 0777) != 0 && errno != EEXIST)) {
		err = ol_error_set(OL_EIO, "cannot create '%s': %s", path,
				   strerror(errno));
	} else {
		snprintf(path, sizeof path, "%s/build.ninja", o->dir);
		ol_outfile *out = NULL;
		FILE *f;
		err = ol_outfile_new(&out, path);
		if (!err && !(err = ol_outfile_open(out, &f))) {
			fputs(ol_strbuf_str(&b), f);
			err = ol_outfile_commit(out);
		}
		ol_outfile_free(out);
	}
	ol_strbuf_free(&b);
	return err;
}
