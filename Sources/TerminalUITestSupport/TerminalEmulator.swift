import TerminalUI

extension TerminalCapabilities {
  /// xterm-256color's strings (as `infocmp xterm-256color` prints them), with `DisplayWidth`
  /// for the terminal's widths: what `TerminalEmulator` understands.
  ///
  /// ```swift
  /// var writer = FrameWriter(terminal: .xterm())
  /// ```
  public static func xterm(colorCount: Int = 256, eatsNewline: Bool = true) -> Self {
    var terminal = TerminalCapabilities(
      colorCount: colorCount,
      terminalWidth: { DisplayWidth.of(scalar: $0) },
      evaluate: { name, a, b in
        let text: String
        switch name {
        case .cursorAddress: text = "\u{1B}[\(a + 1);\(b + 1)H"
        case .columnAddress: text = "\u{1B}[\(a + 1)G"
        case .rowAddress: text = "\u{1B}[\(a + 1)d"
        case .cursorRight: text = "\u{1B}[\(a)C"
        case .foreground, .background:
          let base = name == .foreground ? 3 : 4
          if a < 8 {
            text = "\u{1B}[\(base)\(a)m"
          } else if a < 16 {
            text = "\u{1B}[\(base == 3 ? 9 : 10)\(a - 8)m"
          } else {
            text = "\u{1B}[\(base)8;5;\(a)m"
          }
        }
        return Array(text.utf8)
      })
    terminal.clearScreen = Array("\u{1B}[H\u{1B}[2J".utf8)
    terminal.clearToEndOfLine = Array("\u{1B}[K".utf8)
    terminal.resetAttributes = Array("\u{1B}(B\u{1B}[m".utf8)
    terminal.bold = Array("\u{1B}[1m".utf8)
    terminal.dim = Array("\u{1B}[2m".utf8)
    terminal.reverse = Array("\u{1B}[7m".utf8)
    terminal.underline = Array("\u{1B}[4m".utf8)
    terminal.showCursor = Array("\u{1B}[?12l\u{1B}[?25h".utf8)
    terminal.hideCursor = Array("\u{1B}[?25l".utf8)
    terminal.carriageReturn = [0x0D]
    terminal.cursorLeft = [0x08]
    terminal.cursorUp = Array("\u{1B}[A".utf8)
    terminal.automaticMarginsOff = Array("\u{1B}[?7l".utf8)
    terminal.automaticMarginsOn = Array("\u{1B}[?7h".utf8)
    terminal.eatsNewline = eatsNewline
    return terminal
  }
}

/// A small terminal screen that takes the bytes `FrameWriter` sends with
/// `TerminalCapabilities.xterm` and keeps the cells they show, so a test can check that the
/// bytes draw exactly the buffer.
///
/// ```swift
/// var screen = TerminalEmulator(width: 20, height: 3)
/// screen.feed(bytes)
/// #expect(screen.buffer == frame.buffer)
/// ```
public struct TerminalEmulator {
  public let width: Int
  public let height: Int
  /// What the screen shows.
  public private(set) var buffer: ScreenBuffer
  /// The cursor; `x == width` while it waits to wrap after the last column.
  public private(set) var cursor = CursorPosition(x: 0, y: 0)
  public private(set) var cursorShown = true
  /// Lines scrolled off the top: a frame writer must never make the screen scroll.
  public private(set) var scrolledLines = 0
  /// Bytes and sequences it did not understand.
  public private(set) var unknown: [String] = []
  private var style = Style.plain
  private var wraps = true
  /// Where the last spacing character went, for the marks that follow it.
  private var lastCell: CursorPosition?
  private var pending: [UInt8] = []

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
    buffer = ScreenBuffer(width: width, height: height)
  }

  /// Takes bytes from the program.
  public mutating func feed(_ bytes: [UInt8]) {
    pending.append(contentsOf: bytes)
    var index = 0
    while index < pending.count {
      let byte = pending[index]
      if byte == 0x1B {
        guard let end = sequenceEnd(from: index) else { break }
        escape(Array(pending[index..<end]))
        index = end
      } else if byte < 0x20 {
        control(byte)
        index += 1
      } else {
        let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
        guard index + length <= pending.count else { break }
        let text = String(decoding: pending[index..<index + length], as: UTF8.self)
        for scalar in text.unicodeScalars { print(scalar) }
        index += length
      }
    }
    pending.removeFirst(index)
  }

  private func sequenceEnd(from start: Int) -> Int? {
    guard start + 1 < pending.count else { return nil }
    if pending[start + 1] == UInt8(ascii: "(") {
      return start + 3 <= pending.count ? start + 3 : nil
    }
    guard pending[start + 1] == UInt8(ascii: "[") else { return start + 2 }
    var end = start + 2
    while end < pending.count {
      if pending[end] >= 0x40, pending[end] <= 0x7E { return end + 1 }
      end += 1
    }
    return nil
  }

  private mutating func control(_ byte: UInt8) {
    switch byte {
    case 0x0D: cursor.x = 0
    case 0x08: cursor.x = max(0, min(cursor.x, width - 1) - 1)
    default: unknown.append("control \(byte)")
    }
  }

  private mutating func escape(_ sequence: [UInt8]) {
    let text = String(decoding: sequence, as: UTF8.self)
    if text == "\u{1B}(B" { return }
    guard text.hasPrefix("\u{1B}["), let final = text.last else {
      return unknown.append(text)
    }
    let body = text.dropFirst(2).dropLast()
    if body.hasPrefix("?") {
      switch text {
      case "\u{1B}[?25h": cursorShown = true
      case "\u{1B}[?25l": cursorShown = false
      case "\u{1B}[?12l": break
      case "\u{1B}[?7l": wraps = false
      case "\u{1B}[?7h": wraps = true
      default: unknown.append(text)
      }
      return
    }
    let numbers = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
    let first = numbers.first.flatMap { $0 } ?? 0
    switch final {
    case "H":
      let column = numbers.count > 1 ? (numbers[1] ?? 1) : 1
      cursor = CursorPosition(x: min(column, width) - 1, y: min(max(first, 1), height) - 1)
    case "G": cursor.x = min(max(first, 1), width) - 1
    case "d": cursor.y = min(max(first, 1), height) - 1
    case "C": cursor.x = min(min(cursor.x, width - 1) + max(first, 1), width - 1)
    case "A": cursor.y = max(0, cursor.y - max(first, 1))
    case "K": clear(fromX: min(cursor.x, width - 1), y: cursor.y)
    case "J" where first == 2: for y in 0..<height { clear(fromX: 0, y: y) }
    case "m": setStyle(numbers.map { $0 ?? 0 })
    default: unknown.append(text)
    }
    lastCell = nil
  }

  private mutating func clear(fromX x: Int, y: Int) {
    for column in x..<width {
      buffer[x: column, y: y] = .blank(Style(background: style.background))
    }
  }

  private mutating func setStyle(_ numbers: [Int]) {
    var index = 0
    while index < numbers.count {
      let number = numbers[index]
      switch number {
      case 0: style = .plain
      case 1: style.bold = true
      case 2: style.dim = true
      case 4: style.underline = true
      case 7: style.reverse = true
      case 30...37: style.foreground = Color.allCases[number - 30]
      case 90...97: style.foreground = Color.allCases[number - 90 + 8]
      case 40...47: style.background = Color.allCases[number - 40]
      case 100...107: style.background = Color.allCases[number - 100 + 8]
      case 38, 48:
        guard index + 2 < numbers.count, numbers[index + 1] == 5 else {
          return unknown.append("SGR \(numbers)")
        }
        let color = Self.color(numbers[index + 2])
        if number == 38 { style.foreground = color } else { style.background = color }
        index += 2
      default: unknown.append("SGR \(numbers)")
      }
      index += 1
    }
  }

  private static func color(_ number: Int) -> Color {
    number < 16 ? Color.allCases[number] : .palette(number)
  }

  private mutating func print(_ scalar: Unicode.Scalar) {
    let columns = DisplayWidth.of(scalar: scalar)
    if columns == 0 {
      guard let last = lastCell else { return unknown.append("mark \(scalar) with no base") }
      let cell = buffer[x: last.x, y: last.y]
      buffer[x: last.x, y: last.y] = Cell(
        grapheme: cell.grapheme + String(scalar), style: cell.style, width: cell.width)
      return
    }
    if cursor.x + columns > width {
      guard wraps else { return }
      cursor.x = 0
      cursor.y += 1
      if cursor.y == height { scroll() }
    }
    let x = cursor.x
    let y = cursor.y
    // The buffer blanks the other half of a wide character written over, as xterm does.
    let end = x + columns
    buffer[x: x, y: y] = Cell(grapheme: String(scalar), style: style, width: columns)
    lastCell = CursorPosition(x: x, y: y)
    cursor.x = wraps || end < width ? end : width - 1
  }

  private mutating func scroll() {
    scrolledLines += 1
    cursor.y = height - 1
    for y in 0..<height - 1 {
      for x in 0..<width { buffer[x: x, y: y] = buffer[x: x, y: y + 1] }
    }
    clear(fromX: 0, y: height - 1)
  }
}
