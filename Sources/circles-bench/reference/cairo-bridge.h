/* Cairo's declarations for swift-start.swift. */
#include <cairo.h>
