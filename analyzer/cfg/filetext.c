/*
 * filetext.c — the text of a file of the translation unit, asked once.
 *
 * clang_getFileContents() finds the file's buffer by its FileEntry: the
 * main file at once, any other by a scan of every source-location entry
 * of the parse, one per file inclusion and per macro expansion, some
 * hundred thousand for a file that includes Python.h. The lowering asks
 * for the text of the same few files once per condition written with a
 * macro (srctext.c), and the cpychecker check once per included file:
 * on CPython's _json.c those scans were a tenth of a one-file run's
 * instructions. So the answer is kept per thread, by CXFile, for the TU
 * that asked, until ol_cfg_file_texts_forget(), which must come before the
 * TU is disposed of (the texts are the TU's buffers; a later TU may reuse
 * the addresses of its handles).
 *
 * Where many headers are read once each (the cpychecker guards' scan, the
 * index of the macro definitions of srctext.c), even one scan per header
 * is too many: some 190,000 instructions each, 54 million for the 287
 * files _json.c includes, more than a twentieth of a one-file run
 * (issue 29). Those callers read the header from its file instead
 * (ol_cfg_file_read(): one open and one read, strbuf.h's ol_read_regular()), or have them read
 * ahead on a thread of their own (srctext.c).
 */
#include "filetext.h"

#include "../base/arena.h"
#include "../base/strbuf.h"

#include <stdint.h>
#include <stdlib.h>

typedef struct file_text {
	CXFile file; // NULL: a free slot
	const char *text;
	size_t size;
} file_text;

static _Thread_local struct {
	CXTranslationUnit tu;
	file_text *tab; // open addressing on the CXFile
	size_t cap, len;
} memo;

static size_t slot_of(CXFile f, size_t cap)
{
	uintptr_t p = (uintptr_t)f;
	return (size_t)((p >> 4) * 0x9E3779B97F4A7C15ull) & (cap - 1);
}

static void put(file_text e)
{
	size_t j = slot_of(e.file, memo.cap);
	while (memo.tab[j].file)
		j = (j + 1) & (memo.cap - 1);
	memo.tab[j] = e;
	memo.len++;
}

void ol_cfg_file_texts_forget(void)
{
	free(memo.tab);
	memo.tab = NULL;
	memo.cap = memo.len = 0;
	memo.tu = NULL;
}

const char *ol_cfg_file_text(CXTranslationUnit tu, CXFile f, size_t *size)
{
	*size = 0;
	if (!f)
		return NULL;
	if (memo.tu != tu)
		ol_cfg_file_texts_forget();
	memo.tu = tu;
	if (memo.cap)
		for (size_t j = slot_of(f, memo.cap); memo.tab[j].file;
		     j = (j + 1) & (memo.cap - 1))
			if (memo.tab[j].file == f) {
				*size = memo.tab[j].size;
				return memo.tab[j].text;
			}
	file_text e = { f, NULL, 0 };
	e.text = clang_getFileContents(tu, f, &e.size);
	if ((memo.len + 1) * 2 > memo.cap) {
		file_text *old = memo.tab;
		size_t n = memo.cap;
		memo.cap = n ? n * 2 : 64;
		memo.tab = ol_xcalloc(memo.cap, sizeof *memo.tab);
		memo.len = 0;
		for (size_t i = 0; i < n; i++)
			if (old[i].file)
				put(old[i]);
		free(old);
	}
	put(e);
	*size = e.size;
	return e.text;
}

char *ol_cfg_file_path(CXFile f)
{
	if (!f)
		return NULL;
	// (clang's real path of the file it opened: no system call)
	CXString name = clang_File_tryGetRealPathName(f);
	const char *path = clang_getCString(name);
	if (!path || !*path) {
		clang_disposeString(name);
		name = clang_getFileName(f);
		path = clang_getCString(name);
	}
	char *owned = path && *path ? ol_xstrdup(path) : NULL;
	clang_disposeString(name);
	return owned;
}

char *ol_cfg_file_read(CXFile f, size_t *size)
{
	*size = 0;
	char *path = ol_cfg_file_path(f);
	// (a regular file, as clang read: never a FIFO that would block)
	char *text = path ? ol_read_regular(path, size) : NULL;
	free(path);
	if (!text)
		*size = 0;
	return text;
}
