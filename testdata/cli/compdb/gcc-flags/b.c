int clean(int x)
{
	return x + 1;
}
