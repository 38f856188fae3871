#include "CNcurses.h"

int cncurses_version_major(void) { return NCURSES_VERSION_MAJOR; }
