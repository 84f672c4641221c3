#define REL_VALUE 3
