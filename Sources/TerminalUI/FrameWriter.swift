/// Turns frames into the bytes a terminal needs to show them: the cells that changed since
/// the frame before, the cursor moves and style changes between them, each as short as the
/// terminal allows, and the caret.
///
/// It knows where the terminal's cursor is and which style it writes in, so a letter typed
/// at the caret is the letter alone (with its style, if it has one). Every frame ends with
/// attributes off, so whatever writes next (ncurses leaving, a crash) starts plain.
///
/// ```swift
/// var writer = FrameWriter(terminal: capabilities)
/// var bytes: [UInt8] = []
/// writer.write(frame, over: nil, into: &bytes)    // clears the screen, then the frame
/// writer.write(next, over: frame.buffer, into: &bytes)  // only what changed
/// ```
public struct FrameWriter {
  private let terminal: TerminalCapabilities
  private let cursorAddress: ParameterizedString?
  private let columnAddress: ParameterizedString?
  private let rowAddress: ParameterizedString?
  private let cursorRight: ParameterizedString?
  /// Where the terminal's cursor is; nil when not known (at start, after the last column).
  private var cursor: CursorPosition?
  /// The style the terminal writes in; nil when not known.
  private var style: Style?
  /// Whether the cursor shows; nil when not known.
  private var cursorShown: Bool?
  /// setaf and setab for each colour number, made on first use.
  private var colorStrings: [Int: [UInt8]] = [:]

  public init(terminal: TerminalCapabilities) {
    var terminal = terminal
    if terminal.resetAttributes.isEmpty {
      // What cannot be turned off is never turned on: it would stay on every cell after it.
      terminal.bold = []
      terminal.dim = []
      terminal.reverse = []
      terminal.underline = []
      terminal.colorCount = 0
    }
    self.terminal = terminal
    func learned(_ name: TerminalCapabilities.Parameterized) -> ParameterizedString? {
      ParameterizedString.learn { terminal.evaluate(name, $0, $1) }
    }
    cursorAddress = learned(.cursorAddress)
    columnAddress = learned(.columnAddress)
    rowAddress = learned(.rowAddress)
    cursorRight = learned(.cursorRight)
  }

  /// Forgets where the cursor is, the style and whether the cursor shows: another program (or
  /// ncurses) wrote to the terminal meanwhile.
  public mutating func forgetTerminalState() {
    cursor = nil
    style = nil
    cursorShown = nil
  }

  /// Appends the bytes that change the screen from `shown` to `frame`; with `shown` nil, the
  /// bytes that clear it and draw `frame` whole.
  public mutating func write(_ frame: Frame, over shown: ScreenBuffer?, into bytes: inout [UInt8]) {
    let buffer = frame.buffer
    let base: ScreenBuffer?
    if let shown, shown.width == buffer.width, shown.height == buffer.height {
      base = shown
    } else if !terminal.clearScreen.isEmpty {
      setStyle(.plain, into: &bytes)
      bytes.append(contentsOf: terminal.clearScreen)
      cursor = CursorPosition(x: 0, y: 0)
      base = ScreenBuffer(width: buffer.width, height: buffer.height)
    } else {
      // No way to clear: every cell is written, blanks too.
      base = nil
    }
    // Runs of a row a few unchanged columns apart are written as one: the columns between
    // cost fewer bytes than a move over them.
    var pending: (y: Int, columns: Range<Int>)?
    ScreenBuffer.forEachChange(from: base, to: buffer) { x, y, cells in
      if let run = pending, run.y == y, x - run.columns.upperBound <= Self.joinedGap {
        pending = (y, run.columns.lowerBound..<x + cells.count)
        return
      }
      if let run = pending {
        writeRun(run.columns, of: buffer.rows[run.y], y: run.y, height: buffer.height, into: &bytes)
      }
      pending = (y, x..<x + cells.count)
    }
    if let run = pending {
      writeRun(run.columns, of: buffer.rows[run.y], y: run.y, height: buffer.height, into: &bytes)
    }
    setStyle(.plain, into: &bytes)
    if let caret = frame.cursor, buffer.contains(x: caret.x, y: caret.y) {
      move(to: caret, into: &bytes)
      if cursorShown != true { bytes.append(contentsOf: terminal.showCursor) }
      cursorShown = true
    } else if cursorShown != false {
      bytes.append(contentsOf: terminal.hideCursor)
      cursorShown = false
    }
  }

  /// Appends the bytes that leave the terminal plain (attributes off) for whoever writes next.
  public mutating func finish(into bytes: inout [UInt8]) {
    setStyle(.plain, into: &bytes)
  }

  // MARK: - Cells

  /// How many unchanged columns between two changed runs of a row are written rather than
  /// moved over.
  private static let joinedGap = 3

  /// Writes the cells `columns` of `row`: blanks up to the end of the line as one `el` when
  /// that is shorter (even past the run, when the row is blank there anyway).
  private mutating func writeRun(
    _ columns: Range<Int>, of row: [Cell], y: Int, height: Int, into bytes: inout [UInt8]
  ) {
    let width = row.count
    var end = columns.upperBound
    if !terminal.clearToEndOfLine.isEmpty {
      let blank = Cell.blank()
      var blankFrom = end
      while blankFrom > columns.lowerBound, row[blankFrom - 1] == blank { blankFrom -= 1 }
      if blankFrom < end, row[end...].allSatisfy({ $0 == blank }),
        end - blankFrom > terminal.clearToEndOfLine.count
      {
        end = blankFrom
      }
    }
    var column = columns.lowerBound
    for index in columns.lowerBound..<end {
      let cell = row[index]
      defer { column += 1 }
      if cell.isContinuation { continue }
      let lastCell = y == height - 1 && column + cell.width == width
      if lastCell, terminal.automaticMargins, !terminal.eatsNewline {
        // Writing it would scroll the screen; without a way to turn the margins off, it stays.
        guard !terminal.automaticMarginsOff.isEmpty else { continue }
        move(to: CursorPosition(x: column, y: y), into: &bytes)
        setStyle(cell.style, into: &bytes)
        bytes.append(contentsOf: terminal.automaticMarginsOff)
        put(cell, into: &bytes)
        bytes.append(contentsOf: terminal.automaticMarginsOn)
        cursor = nil
        continue
      }
      move(to: CursorPosition(x: column, y: y), into: &bytes)
      setStyle(cell.style, into: &bytes)
      put(cell, into: &bytes)
      // At the last column the cursor waits to wrap: where it goes next depends on the
      // terminal, so the next write moves it first.
      cursor = column + cell.width < width ? CursorPosition(x: column + cell.width, y: y) : nil
    }
    if end < columns.upperBound {
      move(to: CursorPosition(x: column, y: y), into: &bytes)
      setStyle(.plain, into: &bytes)
      bytes.append(contentsOf: terminal.clearToEndOfLine)
    }
  }

  private func put(_ cell: Cell, into bytes: inout [UInt8]) {
    if let byte = cell.printableASCII { return bytes.append(byte) }
    for piece in CellRendition.pieces(for: cell, terminalWidth: terminal.terminalWidth) {
      for scalar in piece.scalars { UTF8.encode(scalar) { bytes.append($0) } }
    }
  }

  // MARK: - Styles

  private mutating func setStyle(_ target: Style, into bytes: inout [UInt8]) {
    if style == target { return }
    var current = style ?? .plain
    let foreground = colorNumber(target.foreground)
    let background = colorNumber(target.background)
    let turnsOff =
      (current.bold && !target.bold) || (current.dim && !target.dim)
      || (current.reverse && !target.reverse) || (current.underline && !target.underline)
      || (foreground == nil && colorNumber(current.foreground) != nil)
      || (background == nil && colorNumber(current.background) != nil)
    if style == nil || turnsOff {
      bytes.append(contentsOf: terminal.resetAttributes)
      current = .plain
    }
    if target.bold, !current.bold { bytes.append(contentsOf: terminal.bold) }
    if target.dim, !current.dim { bytes.append(contentsOf: terminal.dim) }
    if target.reverse, !current.reverse { bytes.append(contentsOf: terminal.reverse) }
    if target.underline, !current.underline { bytes.append(contentsOf: terminal.underline) }
    if let foreground, foreground != colorNumber(current.foreground) {
      bytes.append(contentsOf: colorString(.foreground, foreground))
    }
    if let background, background != colorNumber(current.background) {
      bytes.append(contentsOf: colorString(.background, background))
    }
    style = target
  }

  /// The terminal's number for a colour: a standard colour it lacks is its plain one, a palette
  /// colour it lacks none; nil without colours.
  private func colorNumber(_ color: Color?) -> Int? {
    guard let color, terminal.colorCount >= 8 else { return nil }
    let index = color.paletteIndex
    if index < terminal.colorCount { return index }
    return index < 16 ? index % 8 : nil
  }

  private mutating func colorString(_ name: TerminalCapabilities.Parameterized, _ number: Int)
    -> [UInt8]
  {
    let key = name == .foreground ? number : -1 - number
    if let known = colorStrings[key] { return known }
    let made = terminal.evaluate(name, number, 0) ?? []
    colorStrings[key] = made
    return made
  }

  // MARK: - Cursor moves

  /// Moves the cursor to `target` the shortest way the terminal has: nothing when it is there,
  /// a carriage return, backspaces, a column or row address, or the full address.
  private mutating func move(to target: CursorPosition, into bytes: inout [UInt8]) {
    defer { cursor = target }
    guard let from = cursor else { return address(target, into: &bytes) }
    if from == target { return }
    let full = cursorAddress?.count(target.y, target.x) ?? Int.max
    if from.y == target.y {
      if target.x == 0, !terminal.carriageReturn.isEmpty, terminal.carriageReturn.count < full {
        return bytes.append(contentsOf: terminal.carriageReturn)
      }
      let back = from.x - target.x
      if back > 0, !terminal.cursorLeft.isEmpty, back * terminal.cursorLeft.count < full,
        back * terminal.cursorLeft.count <= columnAddress?.count(target.x) ?? Int.max
      {
        for _ in 0..<back { bytes.append(contentsOf: terminal.cursorLeft) }
        return
      }
      if back < 0, let cursorRight, cursorRight.count(-back) < full,
        cursorRight.count(-back) <= columnAddress?.count(target.x) ?? Int.max
      {
        return cursorRight.append(-back, to: &bytes)
      }
      if let columnAddress, columnAddress.count(target.x) < full {
        return columnAddress.append(target.x, to: &bytes)
      }
    } else if from.x == target.x {
      if target.y == from.y - 1, !terminal.cursorUp.isEmpty, terminal.cursorUp.count < full {
        return bytes.append(contentsOf: terminal.cursorUp)
      }
      if let rowAddress, rowAddress.count(target.y) < full {
        return rowAddress.append(target.y, to: &bytes)
      }
    } else if target.x == 0, let rowAddress, !terminal.carriageReturn.isEmpty,
      terminal.carriageReturn.count + rowAddress.count(target.y) < full
    {
      bytes.append(contentsOf: terminal.carriageReturn)
      return rowAddress.append(target.y, to: &bytes)
    }
    address(target, into: &bytes)
  }

  private func address(_ target: CursorPosition, into bytes: inout [UInt8]) {
    if let cursorAddress { return cursorAddress.append(target.y, target.x, to: &bytes) }
    bytes.append(contentsOf: terminal.evaluate(.cursorAddress, target.y, target.x) ?? [])
  }
}
