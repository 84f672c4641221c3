/* Includes a source fragment found through the database's relative -I:
 * its findings must name inc/part.c as seen from where the tool runs,
 * not "../inc/part.c" relative to the build directory (issue 15). */
void *malloc(unsigned long);

#include "part.c"

int main_function(void)
{
	return part_function();
}
