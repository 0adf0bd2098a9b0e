#ifndef CLABSTART_H
#define CLABSTART_H

/// What `lab` needs of the limits a shell sets (`ulimit`), checked by its executable before
/// the Swift runtime starts (a constructor in start.c): with less, the runtime's own set-up
/// fails before any Swift code could say why (a SIGILL with few descriptors, a hang when no
/// thread can be started).

/// Linked into `lab` for its constructor; the function itself does nothing.
void lab_start_checked(void);

#endif
