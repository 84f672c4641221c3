#define HDR_VALUE 1
