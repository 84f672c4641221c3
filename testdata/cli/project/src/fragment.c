/* A fragment: #include'd by module.c, never compiled alone (it uses
 * names module.c declares). */
static int fragment_part(int n)
{
	char *r = malloc(16);
	if (!r)
		return -1;
	return n + 1;
}
