/// One of the 16 standard terminal colours, or a colour of the 256-colour palette beyond them
/// (for a terminal that has them: the theme brings colours down to what the terminal shows).
///
/// ```swift
/// Style(foreground: .brightRed)
/// Style(foreground: .palette(208))  // orange on a 256-colour terminal
/// ```
public enum Color: Hashable, Sendable, CaseIterable {
  case black, red, green, yellow, blue, magenta, cyan, white
  case brightBlack, brightRed, brightGreen, brightYellow
  case brightBlue, brightMagenta, brightCyan, brightWhite
  /// Palette colour 16 … 255 of a 256-colour terminal.
  case palette(Int)

  /// The 16 standard colours, in palette order.
  public static let allCases: [Color] = [
    .black, .red, .green, .yellow, .blue, .magenta, .cyan, .white,
    .brightBlack, .brightRed, .brightGreen, .brightYellow,
    .brightBlue, .brightMagenta, .brightCyan, .brightWhite,
  ]

  /// The colour's number in the palette (0 to 15 for the standard ones).
  ///
  /// ```swift
  /// Color.brightRed.paletteIndex  // 9
  /// ```
  public var paletteIndex: Int {
    if case .palette(let number) = self { return number }
    return Color.allCases.firstIndex(of: self)!
  }

  /// The colour's name, as in the styled snapshot text (`red`, `208`).
  var name: String {
    if case .palette(let number) = self { return "\(number)" }
    return "\(self)"
  }
}

/// How a cell looks: attributes and optional colours (nil means the terminal's default).
///
/// ```swift
/// let selected = Style(reverse: true)
/// let warning = Style(bold: true, foreground: .yellow)
/// ```
public struct Style: Hashable, Sendable {
  /// The attributes and both colours in one word, so that comparing two cells' styles (the
  /// diff does it for every cell of every frame) is one comparison: bits 0–3 the attributes,
  /// then 10 bits per colour (`Style.code(of:)`).
  private var bits: UInt32 = 0

  private static let boldBit: UInt32 = 1
  private static let dimBit: UInt32 = 2
  private static let reverseBit: UInt32 = 4
  private static let underlineBit: UInt32 = 8
  private static let foregroundShift: UInt32 = 4
  private static let backgroundShift: UInt32 = 14

  public var bold: Bool {
    get { bits & Self.boldBit != 0 }
    set { set(Self.boldBit, newValue) }
  }
  public var dim: Bool {
    get { bits & Self.dimBit != 0 }
    set { set(Self.dimBit, newValue) }
  }
  public var reverse: Bool {
    get { bits & Self.reverseBit != 0 }
    set { set(Self.reverseBit, newValue) }
  }
  public var underline: Bool {
    get { bits & Self.underlineBit != 0 }
    set { set(Self.underlineBit, newValue) }
  }
  /// The text colour; nil for the terminal's own. A palette number is kept within 0 … 255.
  public var foreground: Color? {
    get { Self.color(coded: bits >> Self.foregroundShift) }
    set { setColor(newValue, at: Self.foregroundShift) }
  }
  /// The background colour; nil for the terminal's own.
  public var background: Color? {
    get { Self.color(coded: bits >> Self.backgroundShift) }
    set { setColor(newValue, at: Self.backgroundShift) }
  }

  public init(
    bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false,
    foreground: Color? = nil, background: Color? = nil
  ) {
    self.bold = bold
    self.dim = dim
    self.reverse = reverse
    self.underline = underline
    self.foreground = foreground
    self.background = background
  }

  private mutating func set(_ bit: UInt32, _ on: Bool) {
    if on { bits |= bit } else { bits &= ~bit }
  }

  private mutating func setColor(_ color: Color?, at shift: UInt32) {
    bits = (bits & ~(0x3FF << shift)) | (Self.code(of: color) << shift)
  }

  /// A colour in 10 bits: 0 for none, 0x100 + index for the 16 named ones, 0x200 + number for
  /// the palette's.
  private static func code(of color: Color?) -> UInt32 {
    switch color {
    case nil: return 0
    case .palette(let number)?: return 0x200 | UInt32(min(max(number, 0), 255))
    case let named?: return 0x100 | UInt32(named.paletteIndex)
    }
  }

  private static func color(coded bits: UInt32) -> Color? {
    let code = bits & 0x3FF
    if code & 0x200 != 0 { return .palette(Int(code & 0xFF)) }
    if code & 0x100 != 0 { return Color.allCases[Int(code & 0xF)] }
    return nil
  }

  /// No attributes, default colours.
  public static let plain = Style()

  /// A short description such as `bold reverse fg=red`, as in the styled snapshot text.
  ///
  /// ```swift
  /// Style(bold: true, foreground: .red).summary  // "bold fg=red"
  /// ```
  public var summary: String {
    var parts: [String] = []
    if bold { parts.append("bold") }
    if dim { parts.append("dim") }
    if reverse { parts.append("reverse") }
    if underline { parts.append("underline") }
    if let foreground { parts.append("fg=\(foreground.name)") }
    if let background { parts.append("bg=\(background.name)") }
    return parts.isEmpty ? "plain" : parts.joined(separator: " ")
  }
}

/// One column of the screen: a grapheme cluster and its style.
///
/// A wide character (width 2) is stored in its first column; the column after it is a
/// continuation cell with an empty grapheme and width 0.
///
/// ```swift
/// let cell = Cell("日", style: .plain)  // width 2
/// ```
public struct Cell: Hashable, Sendable {
  /// The grapheme as a plain value (`CellText`): copying, comparing and clearing cells is
  /// copying bytes, with no reference counting.
  private var text: CellText
  public var style: Style
  private var columns: Int8
  // Always zero: the cell has no padding bytes (24 bytes, all of them set), so two rows of
  // cells are equal exactly when their bytes are (`ScreenBuffer.forEachChange` compares rows
  // with `memcmp`).
  private var reserved8: UInt8 = 0
  private var reserved16: UInt16 = 0

  /// The grapheme cluster shown (or one segment of it: a spacing code point with its marks,
  /// see `DisplayWidth.segments(of:)`), "" for the continuation cell of a wide character.
  public var grapheme: String {
    get { text.string }
    set { text = CellText(newValue) }
  }

  /// Columns taken: 1, 2 for a wide character, 0 for a continuation cell.
  public var width: Int {
    get { Int(columns) }
    set { columns = Int8(clamping: newValue) }
  }

  public init(grapheme: String, style: Style, width: Int) {
    self.text = CellText(grapheme)
    self.style = style
    self.columns = Int8(clamping: width)
  }

  /// A cell showing the UTF-8 `bytes` of one grapheme (at most 15 bytes), `width` columns.
  init(utf8 bytes: UnsafeBufferPointer<UInt8>, style: Style, width: Int) {
    self.text = CellText(utf8: bytes)
    self.style = style
    self.columns = Int8(clamping: width)
  }

  /// A cell showing one printable ASCII byte, one column wide.
  ///
  /// ```swift
  /// Cell(ascii: UInt8(ascii: "a"), style: .plain).grapheme  // "a"
  /// ```
  public init(ascii byte: UInt8, style: Style) {
    self.text = CellText(ascii: byte)
    self.style = style
    self.columns = 1
  }

  /// A cell showing `character`, its width from `DisplayWidth` (controls become `�`). A
  /// cluster wider than 2 columns (`👍🏽`) keeps only its first segment: `ScreenBuffer.write`
  /// gives it one cell per segment.
  ///
  /// ```swift
  /// Cell("a").width  // 1
  /// ```
  public init(_ character: Character, style: Style = .plain) {
    let first = DisplayWidth.unsplit(character) ?? DisplayWidth.segments(of: character).first
    self.init(grapheme: first?.text ?? String(character), style: style, width: first?.width ?? 0)
  }

  /// A space in `style`.
  ///
  /// ```swift
  /// buffer[x: 0, y: 0] = .blank(Style(reverse: true))
  /// ```
  public static func blank(_ style: Style = .plain) -> Cell {
    Cell(ascii: UInt8(ascii: " "), style: style)
  }

  /// True for the second column of a wide character.
  public var isContinuation: Bool { width == 0 }

  /// The byte of a one-column printable ASCII cell (most cells), else nil: the backend puts
  /// it as it is, with no look at code points or widths.
  var printableASCII: UInt8? {
    guard columns == 1, let byte = text.asciiByte, byte >= 0x20, byte < 0x7F else { return nil }
    return byte
  }
}
