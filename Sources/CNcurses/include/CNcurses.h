#ifndef CNCURSES_H
#define CNCURSES_H
// The wide-character API must be visible to Swift: define before including curses.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <ncursesw/curses.h>

/// Placeholder until the terminal layer lands (issue 3).
int cncurses_version_major(void);

#endif
