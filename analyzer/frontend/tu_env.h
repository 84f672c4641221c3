/*
 * tu_env.h — what every parse of a run shares, private to the front end's
 * parse (tu.c) and to tu_env.c, which finds it: clang's resource
 * directory, the CUDA toolkit or the tool's own CUDA declarations, and
 * the Python include folders, looked for once per run when some file
 * needs them. The public face (make, free, the resource directory) is in
 * tu.h.
 */
#ifndef OL_FRONTEND_TU_ENV_H
#define OL_FRONTEND_TU_ENV_H

#include "../base/vec.h"
#include "tu.h"

#include <pthread.h>
#include <stdbool.h>

struct ol_tu_env {
	char *resource_dir;   // owned; NULL when not found
	char *cuda_dir;       // owned; CUDA root (for --cuda-path), NULL
			      // when no toolkit is used
	char *cuda_decls;     // owned; the tool's CUDA declarations
			      // (rules/cuda-include), NULL when not found
	OL_VEC(char *) incs;  // owned: "-isystem", "<dir>", ... (CUDA)
	// The Python include folders (pyinclude.h), looked for on the
	// first parse of a file without a database's flags, by whichever
	// worker comes first, under `python->lock`; never when every file
	// has its flags from -p or comes from the facts cache.
	struct python_incs *python; // owned; NULL: --no-default-includes
};

struct python_incs {
	pthread_mutex_t lock;
	bool probed;
	OL_VEC(char *) incs; // owned: "-isystem", "<dir>", ...
};

// The Python include arguments of `p` ("-isystem", "<dir>", ...), looked
// for once per run (on the first call, whichever thread makes it);
// borrowed from `p`.
const struct python_incs *ol_tu_python_incs(struct python_incs *p);

#endif
