/// What a terminal understands, as the bytes `FrameWriter` sends it: its terminfo strings
/// without padding, two of its flags, and its parameterized strings.
///
/// The ncurses backend reads them from terminfo once at start. Tests use xterm's
/// (`TerminalCapabilities.xterm` in TerminalUITestSupport).
///
/// ```swift
/// var terminal = TerminalCapabilities(colorCount: 256, terminalWidth: width) { name, a, b in
///   tiparm(name, a, b)  // "\u{1B}[3;5H" for (.cursorAddress, 2, 4) on xterm
/// }
/// terminal.resetAttributes = Array("\u{1B}[m".utf8)
/// ```
public struct TerminalCapabilities {
  /// The parameterized strings the writer uses, by terminfo name.
  public enum Parameterized: String, CaseIterable, Sendable {
    /// Row, column (both from 0).
    case cursorAddress = "cup"
    /// Column (from 0).
    case columnAddress = "hpa"
    /// Row (from 0).
    case rowAddress = "vpa"
    /// Columns to move right.
    case cursorRight = "cuf"
    /// Colour number.
    case foreground = "setaf"
    /// Colour number.
    case background = "setab"
  }

  /// clear: clears the screen and homes the cursor.
  public var clearScreen: [UInt8] = []
  /// el: clears from the cursor to the end of its line (empty when the terminal has none).
  public var clearToEndOfLine: [UInt8] = []
  /// sgr0: turns every attribute and colour off.
  public var resetAttributes: [UInt8] = []
  /// bold, dim, rev, smul.
  public var bold: [UInt8] = []
  public var dim: [UInt8] = []
  public var reverse: [UInt8] = []
  public var underline: [UInt8] = []
  /// cnorm and civis.
  public var showCursor: [UInt8] = []
  public var hideCursor: [UInt8] = []
  /// cr, cub1 and cuu1: to the line's start, one column left, one row up.
  public var carriageReturn: [UInt8] = []
  public var cursorLeft: [UInt8] = []
  public var cursorUp: [UInt8] = []
  /// rmam and smam: automatic margins off and on.
  public var automaticMarginsOff: [UInt8] = []
  public var automaticMarginsOn: [UInt8] = []
  /// am: writing the last column wraps the cursor to the next line.
  public var automaticMargins = true
  /// xenl: it wraps only at the next character, so the bottom-right cell can be written
  /// without scrolling the screen.
  public var eatsNewline = true
  /// Colours the terminal shows (COLORS): 0 for none (or NO_COLOR).
  public var colorCount: Int
  /// Columns a code point takes in the terminal (the C library's `wcwidth`: -1 for one it
  /// cannot show), for `CellRendition`.
  public var terminalWidth: (Unicode.Scalar) -> Int
  /// Evaluates a parameterized string with its parameters (terminfo's `tiparm`), without
  /// padding; nil when the terminal lacks it.
  public var evaluate: (Parameterized, Int, Int) -> [UInt8]?

  public init(
    colorCount: Int,
    terminalWidth: @escaping (Unicode.Scalar) -> Int,
    evaluate: @escaping (Parameterized, Int, Int) -> [UInt8]?
  ) {
    self.colorCount = colorCount
    self.terminalWidth = terminalWidth
    self.evaluate = evaluate
  }
}

/// A parameterized terminfo string learned as the bytes around its decimal parameters, so that
/// filling it in is appending digits, with no terminfo interpreter at each use.
///
/// ```swift
/// let cup = ParameterizedString.learn { row, column in tiparm(cup, row, column) }
/// cup?.append(4, 9, to: &bytes)  // "\u{1B}[5;10H" on xterm
/// ```
public struct ParameterizedString: Hashable, Sendable {
  enum Part: Hashable, Sendable {
    case bytes([UInt8])
    /// Parameter 0 or 1, printed in decimal with `offset` added (terminfo's `%i` adds 1).
    case parameter(Int, offset: Int)
  }

  let parts: [Part]

  /// The template `evaluate` follows, found by evaluating it at two pairs of sample values;
  /// nil when its output is not the same bytes around the parameters in decimal (a `%c`
  /// parameter, or one that changes the bytes around it).
  public static func learn(_ evaluate: (Int, Int) -> [UInt8]?) -> ParameterizedString? {
    let samples = [(3141, 5926), (2718, 2818)]
    guard let first = evaluate(samples[0].0, samples[0].1) else { return nil }
    let learned = ParameterizedString(parts: template(of: first, samples[0].0, samples[0].1))
    // The template gives back what it was read from, and what the second sample gives.
    guard learned.bytes(samples[0].0, samples[0].1) == first,
      let second = evaluate(samples[1].0, samples[1].1),
      learned.bytes(samples[1].0, samples[1].1) == second
    else { return nil }
    return learned
  }

  /// Splits `output` into literal bytes and the decimal numbers within 2 of a parameter.
  private static func template(of output: [UInt8], _ a: Int, _ b: Int) -> [Part] {
    var parts: [Part] = []
    var literal: [UInt8] = []
    var index = 0
    while index < output.count {
      var end = index
      var value = 0
      while end < output.count, end - index < 9, output[end] >= 0x30, output[end] <= 0x39 {
        value = value * 10 + Int(output[end] - 0x30)
        end += 1
      }
      if end > index, abs(value - a) <= 2 || abs(value - b) <= 2 {
        if !literal.isEmpty { parts.append(.bytes(literal)) }
        literal = []
        let parameter = abs(value - a) <= 2 ? 0 : 1
        parts.append(.parameter(parameter, offset: value - (parameter == 0 ? a : b)))
        index = end
      } else {
        literal.append(contentsOf: output[index..<max(end, index + 1)])
        index = max(end, index + 1)
      }
    }
    if !literal.isEmpty { parts.append(.bytes(literal)) }
    return parts
  }

  /// The bytes for parameters `a` and `b`.
  public func bytes(_ a: Int, _ b: Int = 0) -> [UInt8] {
    var bytes: [UInt8] = []
    append(a, b, to: &bytes)
    return bytes
  }

  /// Appends the bytes for parameters `a` and `b`.
  public func append(_ a: Int, _ b: Int = 0, to bytes: inout [UInt8]) {
    for part in parts {
      switch part {
      case .bytes(let literal): bytes.append(contentsOf: literal)
      case .parameter(let which, let offset):
        Self.appendDecimal((which == 0 ? a : b) + offset, to: &bytes)
      }
    }
  }

  /// How many bytes `append(a, b, to:)` appends.
  public func count(_ a: Int, _ b: Int = 0) -> Int {
    var count = 0
    for part in parts {
      switch part {
      case .bytes(let literal): count += literal.count
      case .parameter(let which, let offset):
        count += DisplayWidth.of(decimal: (which == 0 ? a : b) + offset)
      }
    }
    return count
  }

  static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    let value = abs(value)
    if value >= 10 { appendDecimal(value / 10, to: &bytes) }
    bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
  }
}
