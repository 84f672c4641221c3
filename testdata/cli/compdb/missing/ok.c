int still_analyzed(void)
{
	return 0;
}
