#define A_SIZE 8
