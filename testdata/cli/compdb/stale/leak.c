void *malloc(unsigned long);

void leaks(void)
{
	void *p = malloc(3);
}
