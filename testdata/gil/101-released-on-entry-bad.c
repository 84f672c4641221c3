// A thread state the function saves in a variable of its own and never
// restores is leaked, a parameter of the same type or not.
#include <Python.h>
#include <errno.h>
#include <semaphore.h>

int wait_save(sem_t *sem, PyThreadState *caller_state)
{
	(void)caller_state;
	PyThreadState *mine = PyEval_SaveThread();
	if (sem_trywait(sem) == 0)
		return 0; // expect-warning[MOJO-OWN-101] {{thread state (GIL released) 'mine' from 'PyEval_SaveThread' is never released}}
	PyEval_RestoreThread(mine);
	return -1;
}
