/* The smallest function there is. */
void empty_function(void)
{
}
