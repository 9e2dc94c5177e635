/* The C program that process start-up is measured against: it links Cairo, as circles does,
   and prints Cairo's version, as `circles --version` prints its own. */
#include <cairo.h>
#include <stdio.h>

int main(void) {
  printf("cairo %s\n", cairo_version_string());
  return 0;
}
