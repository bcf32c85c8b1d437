#ifndef CLIBPLISTBASELINE_H
#define CLIBPLISTBASELINE_H
#include <stddef.h>

/// Parses a plist in memory with libplist (C); returns the top-level array's size, or -1.
long CLibplistBaseline_parse(const char *bytes, size_t length, int binary);

#endif
