#ifndef CJEMALLOC_SHIM_H
#define CJEMALLOC_SHIM_H
// Linking this library replaces malloc for the whole process, Swift runtime included, so
// its statistics see every allocation of every row.
#include <jemalloc/jemalloc.h>
#endif
