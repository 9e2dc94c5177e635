#ifndef CIRCLES_CARCHIVE_SHIM_H
#define CIRCLES_CARCHIVE_SHIM_H

#include <archive.h>
#include <archive_entry.h>

// AE_IFREG is a macro with a cast, which Swift does not import: the file type of a regular file.
static const unsigned int circles_archive_regular_file = AE_IFREG;

#endif
