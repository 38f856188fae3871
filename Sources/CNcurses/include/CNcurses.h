#ifndef CNCURSES_H
#define CNCURSES_H
// The wide-character API must be visible to Swift: define before including curses.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <ncursesw/curses.h>
#include <wchar.h>

// Small C functions for what Swift cannot import from curses (function-like macros, varargs,
// signal handlers). Only TerminalUI's ncurses backend uses this module.

/// ncurses' major version (NCURSES_VERSION_MAJOR).
int cncurses_version_major(void);

/// 1 when TERM names a terminal type with a terminfo entry.
int cncurses_term_known(const char *term);

/// 1 when TERM's terminfo entry can move the cursor anywhere (`cup`); 0 for dumb, glass ttys.
int cncurses_term_can_address_cursor(const char *term);
/// Both checks at once, on one reading of the entry: 0 when TERM's entry is unknown (as
/// `cncurses_term_known` says 0), 1 when it is known but cannot address the cursor, 2 when
/// it is known and can.
int cncurses_term_check(const char *term);

/// Saves the terminal's current (shell) modes for the crash path. Call before newterm.
void cncurses_save_shell_modes(int fd);

/// Starts ncurses on stdin/stdout (newterm); 0 on success, -1 when it failed.
int cncurses_start(void);

/// Input modes on top of cbreak: Ctrl-C, Ctrl-\, Ctrl-S, Ctrl-Q, Ctrl-V arrive as keys; Ctrl-Z
/// still suspends. Then records them as ncurses' program mode.
void cncurses_set_input_modes(int fd);

/// Starts colours when the terminal has them (default colours allowed); returns COLORS, or 0.
int cncurses_start_colors(void);

/// Turns on mouse reporting for presses, releases and the wheel.
void cncurses_enable_mouse(void);

/// Rows and columns of stdscr.
int cncurses_lines(void);
int cncurses_cols(void);

/// The kernel's idea of the terminal size (TIOCGWINSZ on fd); 0 on success.
int cncurses_window_size(int fd, int *rows, int *cols);

/// Reads one key without blocking: returns OK (a character), KEY_CODE_YES (a key code), or ERR.
int cncurses_get_wch(unsigned int *out);

/// Reads one key that poll(2) has just said is there: as `cncurses_get_wch`, without asking
/// the terminal first whether a byte is waiting. The shim reads the terminal: a byte that is a
/// key alone is handed out as it is, anything else decoded by ncurses (through a pipe it reads).
int cncurses_get_wch_polled(unsigned int *out);

/// The header's mouse mask bit for a button (1-5) and kind: 0 released, 1 pressed, 2 clicked,
/// 3 double clicked, 4 triple clicked (for checking the decoder's masks against curses.h).
unsigned long cncurses_button_mask(int button, int kind);

/// The last mouse event; 0 on success.
int cncurses_get_mouse(int *x, int *y, unsigned long *state);

/// wcwidth in the current locale (what ncurses itself uses to position characters).
int cncurses_wcwidth(unsigned int codepoint);

/// 1 when the terminal's own cursor can serve as the caret: it can be made visible (cnorm or
/// cvvis), or it cannot be hidden (no civis) so it always shows; 0 when it stays hidden.
int cncurses_cursor_can_show(void);

/// A string capability of the terminal, without padding, into `out` (NUL-terminated); returns
/// its length, or -1 when the terminal has none (or it does not fit in `size`).
int cncurses_string_capability(const char *name, char *out, int size);

/// 1 when the terminal has the boolean capability `name` (e.g. "am", "xenl").
int cncurses_flag_capability(const char *name);

/// A parameterized capability (cup, setaf…) evaluated with two parameters, without padding;
/// returns its length, or -1 when the terminal has none.
int cncurses_parameterized_capability(const char *name, int first, int second, char *out,
                                      int size);

/// Writes bytes to the terminal (standard output) whole, through interrupted and partial
/// writes; stops silently when the terminal has gone.
void cncurses_write(const unsigned char *bytes, size_t count);

/// After resizeterm: leaves ncurses' own screen as it is, so that it writes nothing over the
/// frames the backend writes (ncurses would clear the screen at the next key read).
void cncurses_screen_resized(void);

/// Back from a suspend or a hand-over: ncurses takes the terminal again (alternate screen,
/// keypad mode) and clears the screen; the backend repaints its frame after it.
void cncurses_take_screen_back(void);

/// Gives the terminal back (endwin) unless already done; 1 when it did something.
int cncurses_stop(void);

/// 1 when the terminal has an alternate screen (terminfo smcup): leaving it brings the shell's
/// screen back. linux, vt100 and vt220 have none.
int cncurses_has_alternate_screen(void);

/// Without an alternate screen the last frame would stay and the shell prompt would land in
/// it: clears the screen and homes the cursor (terminfo clear). Call after endwin.
void cncurses_clear_if_no_alternate_screen(void);

/// Quitting while suspended: the shell has the terminal, so nothing is sent to it; only marks
/// ncurses as stopped (no endwin at exit, nothing written on a crash).
void cncurses_forget_screen(void);

/// Back from a suspend: ncurses has the terminal again (exit and crash paths restore it).
void cncurses_screen_back(void);

/// 1 when fd's terminal has gone away (tcgetattr fails: hung up, closed): a readable terminal
/// that yields no input is then at its end, not to be polled again.
int cncurses_tty_is_gone(int fd);

/// Key codes ncurses returns for the bracketed-paste markers ESC[200~ and ESC[201~ (beyond
/// KEY_MAX, so they clash with no curses key).
#define CNCURSES_KEY_PASTE_START 0x7101
#define CNCURSES_KEY_PASTE_END 0x7102

/// Turns the terminal's bracketed-paste mode on (1) or off (0): a paste then arrives between
/// the two markers, so the app can tell it from typing.
void cncurses_bracketed_paste(int on);

/// Installs handlers for SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT and SIGWINCH that record the
/// signal and write a byte to a self-pipe. Returns the pipe's read end, or -1.
int cncurses_signals_install(void);

/// Returns and clears the pending signals, as a bit mask (bit n = signal n).
unsigned long cncurses_signals_take(void);

/// Empties the self-pipe.
void cncurses_signals_drain(int fd);

/// Stops the process for Ctrl-Z (default SIGTSTP action); returns once it is continued.
void cncurses_suspend_self(void);

/// On a crash signal (SEGV, BUS, ILL, TRAP, FPE, ABRT, QUIT) or exit() while active: leave the
/// alternate screen, show the cursor, reset attributes and the tty modes, then end the process
/// with the signal's default action (or, when SWIFT_BACKTRACE is set, hand it to Swift's
/// backtracer). `extra` is sent too (e.g. mouse reporting off); may be NULL. One of those
/// signals sent by another process (`kill -SEGV`) is instead recorded like SIGTERM, once the
/// self-pipe exists, so the app saves and exits through its run loop.
void cncurses_crash_guard_install(const char *extra);

#endif
