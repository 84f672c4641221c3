#define HDR_SUFFIX "!"
