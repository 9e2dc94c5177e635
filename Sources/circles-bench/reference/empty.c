/* The empty C program that process start-up is measured against. */
int main(void) { return 0; }
