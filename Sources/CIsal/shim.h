#ifndef CIRCLES_CISAL_SHIM_H
#define CIRCLES_CISAL_SHIM_H
#include <isa-l/igzip_lib.h>

/// The size of the buffer igzip needs at a compression level (0–3): the library's defaults,
/// which are expressions Swift cannot import.
static inline unsigned int circles_igzip_level_buffer_size(int level) {
  switch (level) {
  case 0: return 0;
  case 1: return ISAL_DEF_LVL1_DEFAULT;
  case 2: return ISAL_DEF_LVL2_DEFAULT;
  default: return ISAL_DEF_LVL3_DEFAULT;
  }
}
#endif
