import CNcurses

/// The terminal's strings for `FrameWriter`, read from TERM's terminfo entry once at start.
extension NcursesTerminal {
  /// The terminal's strings, read from terminfo once.
  static func capabilities(colorCount: Int) -> TerminalCapabilities {
    var terminal = TerminalCapabilities(
      colorCount: colorCount,
      terminalWidth: { Int(cncurses_wcwidth($0.value)) },
      evaluate: { name, first, second in
        capability {
          cncurses_parameterized_capability(name.rawValue, Int32(first), Int32(second), $0, $1)
        }
      })
    func string(_ name: String) -> [UInt8] {
      capability { cncurses_string_capability(name, $0, $1) } ?? []
    }
    terminal.clearScreen = string("clear")
    terminal.clearToEndOfLine = string("el")
    terminal.resetAttributes = string("sgr0")
    terminal.bold = string("bold")
    terminal.dim = string("dim")
    terminal.reverse = string("rev")
    terminal.underline = string("smul")
    terminal.showCursor = string("cnorm")
    terminal.hideCursor = string("civis")
    terminal.carriageReturn = string("cr")
    terminal.cursorLeft = string("cub1")
    terminal.cursorUp = string("cuu1")
    terminal.automaticMarginsOff = string("rmam")
    terminal.automaticMarginsOn = string("smam")
    terminal.automaticMargins = cncurses_flag_capability("am") == 1
    terminal.eatsNewline = cncurses_flag_capability("xenl") == 1
    return terminal
  }

  /// The bytes a capability call wrote into a scratch buffer; nil when it had none.
  private static func capability(
    _ read: (UnsafeMutablePointer<CChar>, Int32) -> Int32
  ) -> [UInt8]? {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 512) { scratch in
      let length = read(scratch.baseAddress!, Int32(scratch.count))
      guard length >= 0 else { return nil }
      return scratch.prefix(Int(length)).map { UInt8(bitPattern: $0) }
    }
  }
}
