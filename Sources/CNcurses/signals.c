// Signals, suspend and the crash guard: everything that runs in or around a signal handler,
// and leaving the screen clean when the terminal is given back.
#define _GNU_SOURCE
#include "CNcurses.h"
#include "shim_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <term.h>
#include <termios.h>
#include <unistd.h>

volatile sig_atomic_t cncurses_screen_active = 0;
static struct termios shell_modes;
static int shell_modes_saved = 0;
static int tty_fd = 0;

void cncurses_save_shell_modes(int fd) {
  tty_fd = fd;
  shell_modes_saved = tcgetattr(fd, &shell_modes) == 0;
}

// MARK: - Leaving the screen clean

static int has_capability(const char *name) {
  const char *value = tigetstr((char *)name);
  return value != NULL && value != (char *)-1 && *value != '\0';
}

int cncurses_has_alternate_screen(void) { return has_capability("smcup"); }

void cncurses_clear_if_no_alternate_screen(void) {
  if (cncurses_has_alternate_screen() || !has_capability("clear")) return;
  putp(tigetstr("clear"));
  fflush(stdout);
}

// MARK: - Suspended and hung-up terminals

void cncurses_forget_screen(void) { cncurses_screen_active = 0; }

void cncurses_screen_back(void) { cncurses_screen_active = 1; }

int cncurses_tty_is_gone(int fd) {
  struct termios modes;
  if (tcgetattr(fd, &modes) == 0) return 0;
  return errno == EIO || errno == ENXIO || errno == EBADF || errno == ENOTTY;
}

// MARK: - Signals

static int pipe_fds[2] = {-1, -1};
static volatile sig_atomic_t pending[NSIG];
// Set after any `pending` entry: every key asks, and nearly always nothing is pending.
static volatile sig_atomic_t any_pending = 0;
static const int handled_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT, SIGWINCH};
static struct sigaction tstp_action;

static void record_signal(int signal_number) {
  int saved_errno = errno;
  pending[signal_number] = 1;
  any_pending = 1;
  if (pipe_fds[1] >= 0) {
    char byte = (char)signal_number;
    ssize_t ignored = write(pipe_fds[1], &byte, 1);
    (void)ignored;
  }
  errno = saved_errno;
}

void cncurses_signals_claim_tstp(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = record_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(SIGTSTP, &action, NULL);
  tstp_action = action;
}

int cncurses_signals_install(void) {
  if (pipe_fds[0] < 0 && pipe2(pipe_fds, O_NONBLOCK | O_CLOEXEC) != 0) return -1;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = record_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  for (size_t i = 0; i < sizeof handled_signals / sizeof handled_signals[0]; i++) {
    sigaction(handled_signals[i], &action, NULL);
  }
  tstp_action = action;
  return pipe_fds[0];
}

unsigned long cncurses_signals_take(void) {
  unsigned long mask = 0;
  // Cleared before the scan: a signal recorded during it is taken now or by the next call.
  if (!any_pending) return 0;
  any_pending = 0;
  // Every signal a handler records: these, and the fatal ones sent by another process.
  for (int number = 1; number < NSIG && number < (int)(8 * sizeof mask); number++) {
    if (pending[number]) {
      pending[number] = 0;
      mask |= 1UL << number;
    }
  }
  return mask;
}

void cncurses_signals_drain(int fd) {
  char bytes[64];
  while (read(fd, bytes, sizeof bytes) > 0) {
  }
}

void cncurses_suspend_self(void) {
  struct sigaction default_action;
  memset(&default_action, 0, sizeof default_action);
  default_action.sa_handler = SIG_DFL;
  sigemptyset(&default_action.sa_mask);
  sigaction(SIGTSTP, &default_action, NULL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGTSTP);
  sigprocmask(SIG_UNBLOCK, &set, NULL);
  cncurses_screen_active = 0;  // the shell's terminal now: exit and crash paths leave it alone
  raise(SIGTSTP);  // stops here until SIGCONT
  sigaction(SIGTSTP, &tstp_action, NULL);
}

// MARK: - Crash guard

static char restore_sequence[512];
static size_t restore_length = 0;
static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT, SIGQUIT};
static struct sigaction previous_crash_actions[sizeof crash_signals / sizeof crash_signals[0]];
// SWIFT_BACKTRACE was set at start: whoever runs the app wants Swift's crash report. Otherwise
// a crash ends the process at once: the backtracer's interactive mode would wait 30 s for a
// key in a terminal that has just been given back.
static int chain_to_backtracer = 0;

// Appends a capability without its padding (`$<50>` in vt100's clear is a delay for tputs, not
// text to send).
static void append_capability(const char *name) {
  int length = cncurses_copy_without_padding(
      tigetstr((char *)name), restore_sequence + restore_length,
      (int)(sizeof restore_sequence - restore_length));
  if (length > 0) restore_length += (size_t)length;
}

static void restore_terminal_unsafe_free(void) {
  // Only async-signal-safe calls: write and tcsetattr.
  if (restore_length > 0) {
    ssize_t ignored = write(STDOUT_FILENO, restore_sequence, restore_length);
    (void)ignored;
  }
  if (shell_modes_saved) tcsetattr(tty_fd, TCSANOW, &shell_modes);
}

// kill(2), sigqueue(3) or tgkill(2) from another process: si_code <= 0 (SI_USER, SI_QUEUE,
// SI_TKILL) and a pid that is not ours. A fault the kernel raised has si_code > 0; abort() and
// the runtime's own traps come from our pid.
static int sent_by_another_process(const siginfo_t *info) {
  return info != NULL && info->si_code <= 0 && info->si_pid != getpid();
}

static void crash_handler(int signal_number, siginfo_t *info, void *context) {
  (void)context;
  // `kill -SEGV` (or -QUIT, -ABRT, -BUS) is a request to stop, not a crash: the run loop saves
  // and exits, as on SIGTERM. A second one before the loop got to the first is not waited on.
  if (pipe_fds[1] >= 0 && sent_by_another_process(info) && !pending[signal_number]) {
    record_signal(signal_number);
    return;
  }
  if (cncurses_screen_active) {
    cncurses_screen_active = 0;
    restore_terminal_unsafe_free();
  }
  struct sigaction default_action;
  memset(&default_action, 0, sizeof default_action);
  default_action.sa_handler = SIG_DFL;
  sigemptyset(&default_action.sa_mask);
  for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) {
    if (crash_signals[i] == signal_number) {
      sigaction(signal_number, chain_to_backtracer ? &previous_crash_actions[i] : &default_action,
                NULL);
    }
  }
  raise(signal_number);  // delivered on return: the previous handler, or the default (exit)
}

static void restore_at_exit(void) {
  if (cncurses_screen_active) {
    cncurses_screen_active = 0;
    endwin();
    cncurses_clear_if_no_alternate_screen();
  }
}

void cncurses_crash_guard_install(const char *extra) {
  restore_length = 0;
  append_capability("sgr0");
  append_capability("cnorm");
  append_capability("rmkx");
  if (extra != NULL) {
    size_t length = strlen(extra);
    if (restore_length + length < sizeof restore_sequence) {
      memcpy(restore_sequence + restore_length, extra, length);
      restore_length += length;
    }
  }
  append_capability("rmcup");
  if (!cncurses_has_alternate_screen()) append_capability("clear");
  static int registered = 0;
  if (!registered) {
    registered = 1;
    atexit(restore_at_exit);
  }
  chain_to_backtracer = getenv("SWIFT_BACKTRACE") != NULL;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = crash_handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_ONSTACK | SA_SIGINFO;
  for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) {
    sigaction(crash_signals[i], &action, &previous_crash_actions[i]);
  }
}
