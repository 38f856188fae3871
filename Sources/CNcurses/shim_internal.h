#ifndef CNCURSES_SHIM_INTERNAL_H
#define CNCURSES_SHIM_INTERNAL_H
// Shared between the shim's C files; not part of the module Swift sees.
#include <signal.h>

/// 1 while ncurses owns the terminal (started, not stopped or suspended): the exit and crash
/// paths restore the terminal only then.
extern volatile sig_atomic_t cncurses_screen_active;

/// Installs the recording handler for SIGTSTP alone, before newterm, so ncurses leaves
/// SIGTSTP to the app (`cncurses_signals_install` installs it with the others later).
void cncurses_signals_claim_tstp(void);

/// Copies a terminfo string without its padding (`$<5>` is a delay for tputs, not bytes to
/// send) into `out` (NUL-terminated); returns its length, or -1 when `value` is no capability
/// (NULL, -1 or empty) or does not fit in `size`.
int cncurses_copy_without_padding(const char *value, char *out, int size);

#endif
