// ARGS: --dump-cfg nothing
// An empty function: one block that returns.
void nothing(void)
{
}

/* check-output-start
function nothing() -> void
  B0 (entry):
    return
   check-output-end */
