/* A fragment included by ../src/main.c. */
int part_function(void)
{
	void *p = malloc(4);
	return p != 0;
}
