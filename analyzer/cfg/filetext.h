#ifndef OL_CFG_FILETEXT_H
#define OL_CFG_FILETEXT_H

#include <clang-c/Index.h>
#include <stddef.h>

// clang_getFileContents(tu, f, size), remembered for the calling thread
// until ol_cfg_file_texts_forget() (ol_cfg_forget_tu() calls it): call
// that before `tu` is disposed of.
const char *ol_cfg_file_text(CXTranslationUnit tu, CXFile f, size_t *size);
void ol_cfg_file_texts_forget(void);

#endif
