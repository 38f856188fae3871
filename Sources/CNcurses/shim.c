#define _GNU_SOURCE
#include "CNcurses.h"
#include "shim_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <term.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

int cncurses_version_major(void) { return NCURSES_VERSION_MAJOR; }

int cncurses_term_known(const char *term) {
  int error = 0;
  if (term == NULL || *term == '\0') return 0;
  TERMINAL *saved = cur_term;
  if (setupterm((char *)term, -1, &error) != OK) return 0;
  TERMINAL *probe = set_curterm(saved);
  if (probe != NULL && probe != saved) del_curterm(probe);
  return error == 1;
}

// MARK: - Terminal capabilities (TERM checks before newterm)

// Looks `name` up in TERM's terminfo entry without disturbing a running screen: 1 when the
// entry has that string capability, 0 when not (or the entry is unknown).
static int term_has_string(const char *term, const char *name) {
  int error = 0;
  if (term == NULL || *term == '\0') return 0;
  TERMINAL *saved = cur_term;
  if (setupterm((char *)term, -1, &error) != OK) return 0;
  const char *value = tigetstr((char *)name);
  int found = value != NULL && value != (char *)-1 && *value != '\0';
  TERMINAL *probe = set_curterm(saved);
  if (probe != NULL && probe != saved) del_curterm(probe);
  return found;
}

int cncurses_term_can_address_cursor(const char *term) { return term_has_string(term, "cup"); }

// Both checks on one reading of the terminfo entry (each setupterm reads and parses it).
int cncurses_term_check(const char *term) {
  int error = 0;
  if (term == NULL || *term == '\0') return 0;
  TERMINAL *saved = cur_term;
  if (setupterm((char *)term, -1, &error) != OK) return 0;
  int result = 0;
  if (error == 1) {
    const char *value = tigetstr((char *)"cup");
    result = value != NULL && value != (char *)-1 && *value != '\0' ? 2 : 1;
  }
  TERMINAL *probe = set_curterm(saved);
  if (probe != NULL && probe != saved) del_curterm(probe);
  return result;
}

// MARK: - Start and stop

static SCREEN *screen = NULL;

// The terminal's input: the shim reads it, hands a byte that is a key alone (a letter, a digit,
// Enter) out itself, and writes anything else (an escape sequence, a mouse report, a character
// of several bytes, a paste) into a pipe that ncurses reads as its input and decodes as it would
// the terminal's. A typed letter so costs one read(2), without ncurses' calls around it.
static int input_pipe[2] = {-1, -1};
static int terminal_fd = -1;
// Bytes read that are keys alone, not handed out yet.
static unsigned char plain[512];
static int plain_next = 0;
static int plain_count = 0;
// Whether ncurses may have a key: bytes went into the pipe and it has not said ERR since.
static int ncurses_has_input = 0;
// Whether the last read(2) took all the terminal had (it returned less than it asked for).
static int terminal_drained = 0;
// How long the rest of an escape sequence (or of a character) is waited for.
static const int escape_delay_ms = 25;
// Per byte under 128: 0 not asked yet, 1 a key alone, 2 a key sequence starts with it or it is
// one (ncurses decodes it).
static unsigned char byte_kind[128];

// Key sequences terminals send that TERM's terminfo entry may not list: tmux and screen
// (often run with TERM=xterm-256color), rxvt, and xterm in normal vs application cursor mode.
// Without them, End inside tmux arrives as Esc, '[', '4', '~': Esc cancels an edit and the rest
// become commands. Only sequences ncurses does not know yet are added.
static const struct {
  const char *sequence;
  int key;
} extra_keys[] = {
    {"\033[1~", KEY_HOME}, {"\033[7~", KEY_HOME}, {"\033[H", KEY_HOME}, {"\033OH", KEY_HOME},
    {"\033[4~", KEY_END},  {"\033[8~", KEY_END},  {"\033[F", KEY_END},  {"\033OF", KEY_END},
    {"\033[A", KEY_UP},    {"\033OA", KEY_UP},    {"\033[B", KEY_DOWN}, {"\033OB", KEY_DOWN},
    {"\033[C", KEY_RIGHT}, {"\033OC", KEY_RIGHT}, {"\033[D", KEY_LEFT}, {"\033OD", KEY_LEFT},
    {"\033[2~", KEY_IC},   {"\033[3~", KEY_DC},   {"\033[5~", KEY_PPAGE}, {"\033[6~", KEY_NPAGE},
    {"\033[Z", KEY_BTAB},  {"\033[1;2A", KEY_SR}, {"\033[1;2B", KEY_SF},
};

static void define_extra_keys(void) {
  for (size_t i = 0; i < sizeof extra_keys / sizeof extra_keys[0]; i++) {
    if (key_defined(extra_keys[i].sequence) == 0) {
      define_key(extra_keys[i].sequence, extra_keys[i].key);
    }
  }
  define_key("\033[200~", CNCURSES_KEY_PASTE_START);
  define_key("\033[201~", CNCURSES_KEY_PASTE_END);
}

void cncurses_bracketed_paste(int on) {
  // Written straight away, as the backend writes its frames: never left in ncurses' buffer.
  const char *sequence = on ? "\033[?2004h" : "\033[?2004l";
  cncurses_write((const unsigned char *)sequence, strlen(sequence));
}

int cncurses_start(void) {
  // Ctrl-Z is ours before newterm: ncurses then leaves SIGTSTP alone, instead of installing a
  // handler of its own (ours replaces it anyway) and setting SIGTSTP aside around every update
  // (two system calls a frame).
  cncurses_signals_claim_tstp();
  terminal_fd = fileno(stdin);
  FILE *input = stdin;
  if (pipe2(input_pipe, O_CLOEXEC | O_NONBLOCK) == 0) {
    input = fdopen(input_pipe[0], "r");
    if (input == NULL) {
      close(input_pipe[0]);
      close(input_pipe[1]);
      input_pipe[0] = input_pipe[1] = -1;
      input = stdin;
    }
  }
  screen = newterm(NULL, stdout, input);
  if (screen == NULL) return -1;
  set_term(screen);
  cbreak();
  noecho();
  nonl();
  intrflush(stdscr, FALSE);
  keypad(stdscr, TRUE);
  define_extra_keys();
  nodelay(stdscr, TRUE);
  // No check for typeahead during an update: ncurses would flush its output before each check
  // (a write per changed line) to be able to stop halfway; the run loop reads every pending
  // key before it draws, so a frame is written whole, in one write.
  typeahead(-1);
  // Through the pipe the shim waits for the rest of a sequence itself, before ncurses reads it.
  set_escdelay(input_pipe[1] < 0 ? escape_delay_ms : 0);
  leaveok(stdscr, FALSE);
  curs_set(0);
  // Until the screen has been left and entered once, ncurses takes every program as one that
  // moves the cursor by hand and writes its output out at each cursor move of an update (a
  // write per changed line, and one per style change). Leave it and enter it now, before
  // anything is drawn: from here on a frame is written in one write.
  endwin();
  // wrefresh, not doupdate: stdscr is then untouched, and `wgetch` (which refreshes a touched
  // window before it reads) never writes over the frames the backend writes itself.
  wrefresh(stdscr);
  cncurses_screen_active = 1;
  return 0;
}

void cncurses_set_input_modes(int fd) {
  struct termios modes;
  if (tcgetattr(fd, &modes) != 0) return;
  modes.c_cc[VINTR] = _POSIX_VDISABLE;  // Ctrl-C is a key
  modes.c_cc[VQUIT] = _POSIX_VDISABLE;  // Ctrl-\ is a key
  modes.c_iflag &= ~(tcflag_t)IXON;     // Ctrl-S and Ctrl-Q are keys
  modes.c_lflag &= ~(tcflag_t)IEXTEN;   // Ctrl-V and Ctrl-O are keys
  tcsetattr(fd, TCSANOW, &modes);
  def_prog_mode();
}

int cncurses_start_colors(void) {
  if (!has_colors()) return 0;
  if (start_color() != OK) return 0;
  use_default_colors();
  return COLORS;
}

void cncurses_enable_mouse(void) {
  // A press and its release that arrive in one read come back from ncurses as one event:
  // BUTTON1_CLICKED when that is in the mask, otherwise only the release. So clicks are asked
  // for too; mouseinterval(0) stops ncurses waiting to tell a click from a double click.
  mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED |
                BUTTON1_TRIPLE_CLICKED | BUTTON2_PRESSED | BUTTON2_RELEASED | BUTTON2_CLICKED |
                BUTTON3_PRESSED | BUTTON3_RELEASED | BUTTON3_CLICKED | BUTTON4_PRESSED |
                BUTTON5_PRESSED,
            NULL);
  mouseinterval(0);
}

int cncurses_lines(void) { return getmaxy(stdscr); }
int cncurses_cols(void) { return getmaxx(stdscr); }

int cncurses_window_size(int fd, int *rows, int *cols) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return -1;
  *rows = size.ws_row;
  *cols = size.ws_col;
  return 0;
}

int cncurses_stop(void) {
  if (!cncurses_screen_active) return 0;
  cncurses_screen_active = 0;
  endwin();
  return 1;
}

// MARK: - Drawing and input

static int ncurses_get_wch(unsigned int *out) {
  wint_t value = 0;
  int result = wget_wch(stdscr, &value);
  *out = (unsigned int)value;
  return result;
}

// Whether `byte` is a key alone: under 128, and no key sequence is it or starts with it.
static int is_plain(unsigned char byte) {
  if (byte >= 128 || byte == 0) return 0;
  if (byte_kind[byte] == 0) {
    char sequence[2] = {(char)byte, 0};
    byte_kind[byte] = key_defined(sequence) == 0 ? 1 : 2;
  }
  return byte_kind[byte] == 1;
}

// Whether what follows a mouse report's opening is cut short: SGR's ends with M or m, the
// older one is three bytes.
static int mouse_report_is_cut(const unsigned char *rest, size_t count, int sgr) {
  if (!sgr) return count < 3;
  for (size_t i = 0; i < count; i++) {
    if (rest[i] == 'M' || rest[i] == 'm') return 0;
  }
  return count < 32;
}

// Whether `bytes` end partway through a key: a character of several bytes or an escape
// sequence (a proper prefix of a key ncurses knows, or a mouse report) cut short.
static int ends_cut_short(const unsigned char *bytes, size_t count) {
  for (size_t back = 1; back <= 4 && back <= count; back++) {
    unsigned char byte = bytes[count - back];
    if ((byte & 0xC0) == 0x80) continue;
    if (byte >= 0xC0) {
      size_t length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2;
      if (length > back) return 1;
    }
    break;
  }
  size_t escape = count;
  while (escape > 0 && bytes[escape - 1] != 0x1B) escape--;
  if (escape == 0) return 0;
  escape -= 1;
  size_t length = count - escape;
  if (length > 32) return 0;
  char sequence[33];
  for (size_t prefix = 1; prefix <= length; prefix++) {
    memcpy(sequence, bytes + escape, prefix);
    sequence[prefix] = 0;
    int code = key_defined(sequence);
    if (code == KEY_MOUSE) {
      return mouse_report_is_cut(bytes + escape + prefix, length - prefix,
                                 sequence[prefix - 1] == '<');
    }
    if (code != -1) return 0;  // a key, or none: ncurses takes the bytes as they are
  }
  return 1;
}

static int milliseconds_since(const struct timespec *start) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (int)((now.tv_sec - start->tv_sec) * 1000 + (now.tv_nsec - start->tv_nsec) / 1000000);
}

// Hands `bytes` to ncurses through the pipe, with the rest of a key they end partway
// through when it comes within the escape delay (as ncurses waits for it on a terminal).
static void send_to_ncurses(const unsigned char *bytes, size_t count) {
  unsigned char pending[4096];
  memcpy(pending, bytes, count);
  struct timespec start;
  clock_gettime(CLOCK_MONOTONIC, &start);
  while (count < sizeof pending && ends_cut_short(pending, count)) {
    int left = escape_delay_ms - milliseconds_since(&start);
    struct pollfd terminal = {.fd = terminal_fd, .events = POLLIN};
    if (left <= 0 || poll(&terminal, 1, left) <= 0) break;
    ssize_t more = read(terminal_fd, pending + count, sizeof pending - count);
    if (more <= 0) break;
    count += (size_t)more;
  }
  size_t written = 0;
  while (written < count) {
    ssize_t result = write(input_pipe[1], pending + written, count - written);
    if (result < 0 && errno == EINTR) continue;
    // Never full: the terminal is read only once ncurses has taken all the pipe held, and a
    // read hands it at most 4096 bytes of the pipe's 65536.
    if (result <= 0) break;
    written += (size_t)result;
  }
  ncurses_has_input = 1;
}

// Reads what the terminal has (one read(2): poll said it is there, and in cbreak mode a read
// returns what is waiting): the keys alone at its start are handed out by the shim, the rest
// by ncurses. 0 when nothing was read.
static int read_terminal(void) {
  unsigned char bytes[512];
  ssize_t count = read(terminal_fd, bytes, sizeof bytes);
  if (count <= 0) return 0;
  terminal_drained = count < (ssize_t)sizeof bytes;
  int plain_end = 0;
  while (plain_end < count && is_plain(bytes[plain_end])) plain_end++;
  memcpy(plain, bytes, (size_t)plain_end);
  plain_next = 0;
  plain_count = plain_end;
  if (plain_end < count) send_to_ncurses(bytes + plain_end, (size_t)(count - plain_end));
  return 1;
}

int cncurses_get_wch(unsigned int *out) {
  if (input_pipe[1] < 0) return ncurses_get_wch(out);
  for (;;) {
    if (plain_next < plain_count) {
      *out = plain[plain_next++];
      return OK;
    }
    if (ncurses_has_input) {
      int result = ncurses_get_wch(out);
      if (result != ERR) return result;
      ncurses_has_input = 0;
    }
    // A read that took less than it asked for took all there was: what comes after it wakes
    // the next poll(2), so asking again now would cost a system call a key for nothing.
    if (terminal_drained) {
      terminal_drained = 0;
      return ERR;
    }
    // FIONREAD, not poll(2): Linux's poll of a terminal with nothing waiting first waits for
    // the kernel worker still handing the last key over (10 to 25 µs a key).
    int waiting = 0;
    if (ioctl(terminal_fd, FIONREAD, &waiting) != 0 || waiting <= 0) return ERR;
    if (!read_terminal()) return ERR;
  }
}

int cncurses_get_wch_polled(unsigned int *out) {
  if (input_pipe[1] < 0) return ncurses_get_wch(out);
  if (plain_next >= plain_count && !ncurses_has_input && !read_terminal()) return ERR;
  return cncurses_get_wch(out);
}

int cncurses_get_mouse(int *x, int *y, unsigned long *state) {
  MEVENT event;
  if (getmouse(&event) != OK) return -1;
  *x = event.x;
  *y = event.y;
  *state = (unsigned long)event.bstate;
  return 0;
}

unsigned long cncurses_button_mask(int button, int kind) {
  static const int kinds[] = {NCURSES_BUTTON_RELEASED, NCURSES_BUTTON_PRESSED,
                              NCURSES_BUTTON_CLICKED, NCURSES_DOUBLE_CLICKED,
                              NCURSES_TRIPLE_CLICKED};
  if (button < 1 || button > 5 || kind < 0 || kind > 4) return 0;
  return (unsigned long)NCURSES_MOUSE_MASK(button, kinds[kind]);
}

int cncurses_wcwidth(unsigned int codepoint) { return wcwidth((wchar_t)codepoint); }

static int has_capability(const char *name) {
  const char *value = tigetstr((char *)name);
  return value != NULL && value != (char *)-1 && *value != '\0';
}

int cncurses_cursor_can_show(void) {
  return has_capability("cnorm") || has_capability("cvvis") || !has_capability("civis");
}

// MARK: - Frames written by the backend

int cncurses_copy_without_padding(const char *value, char *out, int size) {
  if (value == NULL || value == (char *)-1 || *value == '\0') return -1;
  int length = 0;
  for (const char *c = value; *c != '\0'; c++) {
    if (c[0] == '$' && c[1] == '<') {
      const char *end = strchr(c, '>');
      if (end != NULL) {
        c = end;
        continue;
      }
    }
    if (length + 1 >= size) return -1;
    out[length++] = *c;
  }
  out[length] = '\0';
  return length;
}

int cncurses_string_capability(const char *name, char *out, int size) {
  return cncurses_copy_without_padding(tigetstr((char *)name), out, size);
}

int cncurses_flag_capability(const char *name) { return tigetflag((char *)name) > 0; }

int cncurses_parameterized_capability(const char *name, int first, int second, char *out,
                                      int size) {
  const char *value = tigetstr((char *)name);
  if (value == NULL || value == (char *)-1 || *value == '\0') return -1;
  return cncurses_copy_without_padding(tiparm(value, first, second), out, size);
}

void cncurses_write(const unsigned char *bytes, size_t count) {
  while (count > 0) {
    ssize_t written = write(STDOUT_FILENO, bytes, count);
    if (written > 0) {
      bytes += written;
      count -= (size_t)written;
    } else if (written < 0 && errno == EINTR) {
      continue;
    } else if (written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      struct pollfd out = {STDOUT_FILENO, POLLOUT, 0};
      poll(&out, 1, 1000);
    } else {
      return;  // the terminal is gone: the frame has nowhere to go
    }
  }
}

void cncurses_screen_resized(void) {
  // resizeterm touched stdscr and marked the screen for clearing: the next `wgetch` would
  // write ncurses' blank screen over the backend's frame.
  clearok(curscr, FALSE);
  wnoutrefresh(stdscr);
}

void cncurses_take_screen_back(void) {
  clearok(curscr, TRUE);
  wrefresh(stdscr);
}
