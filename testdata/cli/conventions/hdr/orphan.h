/* No file of the run includes this header, and it does not compile alone. */
static inline int orphan(counter_t n) { return n; }
