import TerminalUI

/// A colour as written in config.toml: one of the 16 named colours, a 256-colour palette
/// number, or `#rrggbb`; `downgraded(to:)` fits it to what the terminal has.
///
/// ```swift
/// let orange = try ColorValue(parsing: "#ff8700")
/// orange.downgraded(to: .colors256)  // .palette(208)
/// orange.downgraded(to: .colors16)   // .named(.yellow), the nearest of the 16
/// ```
public enum ColorValue: Hashable, Sendable, CustomStringConvertible {
  case named(Color)
  /// 0 … 255 in the xterm palette (0 … 15 are the named colours).
  case palette(Int)
  case rgb(red: Int, green: Int, blue: Int)

  /// How many colours a terminal shows.
  public enum Depth: Int, Sendable, CaseIterable {
    case colors8 = 8
    case colors16 = 16
    case colors256 = 256
    case trueColor = 16_777_216

    /// The depth for a terminal that reports `count` colours (curses' `COLORS`).
    ///
    /// ```swift
    /// ColorValue.Depth(colorCount: 256)  // .colors256
    /// ```
    public init(colorCount count: Int) {
      self =
        count >= 16_777_216
        ? .trueColor : count >= 256 ? .colors256 : count >= 16 ? .colors16 : .colors8
    }
  }

  /// Reads a colour name, `#rrggbb`, or a palette number given as text (`"208"`).
  ///
  /// ```swift
  /// try ColorValue(parsing: "bright-blue")  // .named(.brightBlue)
  /// ```
  public init(parsing text: String) throws(ColorNameError) {
    var trimmed = Substring(text)
    while trimmed.first == " " { trimmed = trimmed.dropFirst() }
    while trimmed.last == " " { trimmed = trimmed.dropLast() }
    if trimmed.hasPrefix("#") {
      let hex = trimmed.dropFirst()
      guard hex.count == 6, let value = Int(hex, radix: 16) else {
        throw ColorNameError(
          text: text, reason: "\"\(text)\" is not a #rrggbb colour.",
          fix: "To fix, write six hex digits after #, such as \"#ff8700\".")
      }
      self = .rgb(red: value >> 16, green: (value >> 8) & 0xFF, blue: value & 0xFF)
      return
    }
    if let number = Int(trimmed) {
      self = try ColorValue(paletteNumber: number)
      return
    }
    let key = trimmed.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " }
    let index = ColorValue.compactNames.firstIndex(of: key)
    guard let index else {
      throw ColorNameError(
        text: text, reason: "\"\(text)\" is not a colour.",
        fix: "To fix, use \(ColorValue.namesSummary), a number 0 … 255, or \"#rrggbb\".")
    }
    self = .named(Color.allCases[index])
  }

  /// A palette number 0 … 255 (0 … 15 become the named colours).
  public init(paletteNumber number: Int) throws(ColorNameError) {
    guard (0...255).contains(number) else {
      throw ColorNameError(
        text: String(number), reason: "\(number) is not a palette colour (0 … 255).",
        fix: "To fix, use a number from 0 to 255, a colour name, or \"#rrggbb\".")
    }
    self = number < 16 ? .named(Color.allCases[number]) : .palette(number)
  }

  /// The 16 names, as config.toml spells them, in palette order (no reflection: start-up).
  public static let names = [
    "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
    "bright-black", "bright-red", "bright-green", "bright-yellow",
    "bright-blue", "bright-magenta", "bright-cyan", "bright-white",
  ]

  static let namesSummary = names.joined(separator: ", ")

  /// The names without dashes, for matching `brightred`, `bright_red`, `BrightRed`.
  static let compactNames = names.map { String($0.filter { $0 != "-" }) }

  /// `brightRed` → `bright-red`.
  static func name(of color: Color) -> String {
    names[color.paletteIndex]
  }

  /// The canonical spelling, which parses back to the same value.
  public var description: String {
    switch self {
    case .named(let color): ColorValue.name(of: color)
    case .palette(let number): String(number)
    case .rgb(let red, let green, let blue):
      "#" + [red, green, blue].map { hex2($0) }.joined()
    }
  }

  /// The same colour, or the nearest one a terminal of `depth` has.
  ///
  /// ```swift
  /// ColorValue.rgb(red: 255, green: 0, blue: 0).downgraded(to: .colors16)  // .named(.brightRed)
  /// ColorValue.named(.brightRed).downgraded(to: .colors8)                   // .named(.red)
  /// ```
  public func downgraded(to depth: Depth) -> ColorValue {
    switch (self, depth) {
    case (_, .trueColor), (.named, .colors256), (.named, .colors16), (.palette, .colors256):
      return self
    case (.named(let color), .colors8):
      return .named(Color.allCases[color.paletteIndex % 8])
    case (.rgb(let red, let green, let blue), .colors256):
      return ColorValue.nearest(in: 16..<256, to: (red, green, blue))
    case (.palette(let number), _):
      return ColorValue.nearest(in: 0..<depth.rawValue, to: ColorValue.rgbOfPalette(number))
    case (.rgb(let red, let green, let blue), _):
      return ColorValue.nearest(in: 0..<depth.rawValue, to: (red, green, blue))
    }
  }

  /// The palette number to hand to curses on a terminal of `depth` (below true colour).
  ///
  /// ```swift
  /// ColorValue.named(.brightRed).paletteNumber(for: .colors8)  // 1
  /// ```
  public func paletteNumber(for depth: Depth) -> Int {
    switch downgraded(to: depth == .trueColor ? .colors256 : depth) {
    case .named(let color): color.paletteIndex
    case .palette(let number): number
    case .rgb: 0  // not reached: downgrading below true colour leaves no rgb
    }
  }

  /// The nearest of the 16 named colours, for code that only knows `TerminalUI.Color`.
  public var nearestNamed: Color {
    guard case .named(let color) = downgraded(to: .colors16) else { return .white }
    return color
  }

  private static func nearest(in range: Range<Int>, to target: (Int, Int, Int)) -> ColorValue {
    var best = range.lowerBound
    var bestDistance = Int.max
    // A grey goes to a grey: by distance alone a mid grey (244) is nearer yellow than white.
    let (high, low) = (max(target.0, target.1, target.2), min(target.0, target.1, target.2))
    let candidates: [Int] =
      range.upperBound <= 16 && high - low <= 24
      ? (range.upperBound == 8 ? [0, 7] : [0, 8, 7, 15]) : Array(range)
    for number in candidates {
      let (red, green, blue) = rgbOfPalette(number)
      let distance = square(red - target.0) + square(green - target.1) + square(blue - target.2)
      if distance < bestDistance {
        best = number
        bestDistance = distance
      }
    }
    return best < 16 ? .named(Color.allCases[best]) : .palette(best)
  }

  /// xterm's default red, green and blue for palette entry `number`.
  static func rgbOfPalette(_ number: Int) -> (Int, Int, Int) {
    switch number {
    case 0..<16:
      let base: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
        (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
        (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
      ]
      return base[number]
    case 16..<232:
      let levels = [0, 95, 135, 175, 215, 255]
      let index = number - 16
      return (levels[index / 36], levels[(index / 6) % 6], levels[index % 6])
    default:
      let gray = 8 + 10 * (number - 232)
      return (gray, gray, gray)
    }
  }
}

private func square(_ value: Int) -> Int { value * value }

private func hex2(_ value: Int) -> String {
  let digits = String(value, radix: 16)
  return digits.count == 1 ? "0" + digits : digits
}

/// Why a colour in the config could not be read.
///
/// ```swift
/// do { _ = try ColorValue(parsing: "#12") } catch { print(error.reason) }
/// ```
public struct ColorNameError: Error, Equatable, Sendable {
  public var text: String
  public var reason: String
  /// "To fix, …"
  public var fix: String
}

/// How one part of the screen looks: colours (nil is the terminal's default) and attributes.
///
/// In config.toml a plain colour (`due = "yellow"`) sets the foreground; an inline table sets
/// more: `selection = { fg = "black", bg = "#5fafff", bold = true }`.
///
/// ```swift
/// let overdue = StyleSetting(foreground: .named(.red), bold: true)
/// ```
public struct StyleSetting: Hashable, Sendable {
  public var foreground: ColorValue?
  public var background: ColorValue?
  public var bold: Bool
  public var dim: Bool
  public var reverse: Bool
  public var underline: Bool

  public init(
    foreground: ColorValue? = nil, background: ColorValue? = nil, bold: Bool = false,
    dim: Bool = false, reverse: Bool = false, underline: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.bold = bold
    self.dim = dim
    self.reverse = reverse
    self.underline = underline
  }

  /// The terminal's default look.
  public static let plain = StyleSetting()

  /// A `TerminalUI.Style` for a terminal of `depth`: each colour brought down to what the
  /// terminal has (a 256-colour terminal shows palette colours and `#rrggbb` as the nearest of
  /// its 240; a direct-colour terminal gets the 16 named ones, whose numbers it keeps).
  ///
  /// ```swift
  /// StyleSetting(foreground: .named(.red), bold: true).style(for: .colors16)
  /// StyleSetting(foreground: .palette(208)).style(for: .colors256).foreground  // .palette(208)
  /// ```
  public func style(for depth: ColorValue.Depth) -> Style {
    func color(_ value: ColorValue?) -> Color? {
      guard let value else { return nil }
      switch value.downgraded(to: depth == .trueColor ? .colors16 : depth) {
      case .named(let color): return color
      case .palette(let number): return .palette(number)
      case .rgb: return value.nearestNamed  // not reached: downgrading leaves no rgb
      }
    }
    return Style(
      bold: bold, dim: dim, reverse: reverse, underline: underline,
      foreground: color(foreground), background: color(background))
  }
}
