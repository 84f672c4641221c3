/*
 * special_files.h — a parse never opens a device, a FIFO or a socket
 * (see special_files.c for how).
 */
#ifndef OL_FRONTEND_SPECIAL_FILES_H
#define OL_FRONTEND_SPECIAL_FILES_H

#include <stdbool.h>

// On: the calling thread's opens of anything but a regular file, a
// folder or /dev/null fail (EINVAL), and the first such name is kept. Turn
// it on around a parse and off after.
void ol_special_files_refuse(bool on);

// The first name refused since the last ol_special_files_refuse(true), and
// what it is ("a FIFO", "a character device"...); both borrowed until the
// next call on this thread. False when nothing was refused.
bool ol_special_files_refused(const char **path, const char **kind);

#endif
