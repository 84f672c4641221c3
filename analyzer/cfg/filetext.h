#ifndef OL_CFG_FILETEXT_H
#define OL_CFG_FILETEXT_H

#include <clang-c/Index.h>
#include <stddef.h>

// clang_getFileContents(tu, f, size), remembered for the calling thread
// until ol_cfg_file_texts_forget() (ol_cfg_forget_tu() calls it): call
// that before `tu` is disposed of.
const char *ol_cfg_file_text(CXTranslationUnit tu, CXFile f, size_t *size);
void ol_cfg_file_texts_forget(void);

// The path of the file clang opened for `f`: its real path, else its
// name (malloc'd), or NULL.
char *ol_cfg_file_path(CXFile f);
// The bytes of `f` read again from the file clang opened (its real path,
// else its name): an owned buffer (free() it) of `*size` bytes, or NULL
// when it cannot be read. For a header, far cheaper than
// ol_cfg_file_text()'s first call (filetext.c); the bytes are those
// clang parsed.
char *ol_cfg_file_read(CXFile f, size_t *size);

#endif
