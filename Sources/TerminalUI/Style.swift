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
  public var bold = false
  public var dim = false
  public var reverse = false
  public var underline = false
  public var foreground: Color? = nil
  public var background: Color? = nil

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
  /// The grapheme cluster shown (or one segment of it: a spacing code point with its marks,
  /// see `DisplayWidth.segments(of:)`), "" for the continuation cell of a wide character.
  public var grapheme: String
  public var style: Style
  /// Columns taken: 1, 2 for a wide character, 0 for a continuation cell.
  public var width: Int

  public init(grapheme: String, style: Style, width: Int) {
    self.grapheme = grapheme
    self.style = style
    self.width = width
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
    Cell(grapheme: " ", style: style, width: 1)
  }

  /// True for the second column of a wide character.
  public var isContinuation: Bool { width == 0 }
}
