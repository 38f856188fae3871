import CNcurses

/// The ncurses colour pairs the backend has made, one per foreground and background in use,
/// numbered as they are first needed (`init_pair`); pair 0 is the terminal's own colours.
///
/// ```swift
/// var pairs = ColorPairs(colorCount: 256)
/// let pair = pairs.pair(for: Style(foreground: .red))  // 1, made on first use
/// ```
struct ColorPairs {
  private struct Key: Hashable {
    var foreground: Int16
    var background: Int16
  }

  /// The terminal's colours; 0 when colour is not used.
  let colorCount: Int
  private var numbers: [Key: Int16] = [:]
  /// The last style asked for and its pair: runs of cells share a style, and the last one
  /// answers without hashing.
  private var last: (style: Style, pair: Int16)?

  init(colorCount: Int) {
    self.colorCount = colorCount
  }

  /// The pair for the style's colours (0 for none, or once the terminal has no more pairs).
  mutating func pair(for style: Style) -> Int16 {
    guard colorCount >= 8, style.foreground != nil || style.background != nil else { return 0 }
    if let last, last.style == style { return last.pair }
    let pair = lookUp(style)
    last = (style, pair)
    return pair
  }

  private mutating func lookUp(_ style: Style) -> Int16 {
    let key = Key(foreground: number(style.foreground), background: number(style.background))
    if let known = numbers[key] { return known }
    let next = Int16(numbers.count + 1)
    guard Int32(next) < cncurses_color_pairs() else { return 0 }
    init_pair(next, key.foreground, key.background)
    numbers[key] = next
    return next
  }

  private func number(_ color: Color?) -> Int16 {
    guard let color else { return -1 }
    let index = color.paletteIndex
    // A standard colour the terminal lacks is its plain one; a palette colour it lacks, none.
    if index < colorCount { return Int16(index) }
    return index < 16 ? Int16(index % 8) : -1
  }
}
