/// How the ncurses backend draws one cell so that the terminal puts it exactly where the buffer
/// says, even when the terminal's `wcwidth` disagrees with `DisplayWidth`.
///
/// ncurses positions text with the C library's `wcwidth` of a cell's first code point, and a
/// cell holds one spacing character plus up to four combining ones (CCHARW_MAX is 5). The
/// buffer already gives every spacing code point of a cluster its own cell
/// (`DisplayWidth.segments(of:)`), so a cell is passed whole: the base and its marks, the first
/// four marks when there are more. Beyond that:
/// - a joiner (U+200D) is not sent: it would make tmux and grapheme-joining terminals draw the
///   emoji around it as one glyph, narrower than xterm's (and the buffer's) side by side;
/// - an emoji with U+FE0F whose base is narrow for wcwidth is drawn as the base and a space,
///   so terminals that draw it 1 or 2 columns wide both end in the same column;
/// - a flag kept in one cell (two regional indicators) is drawn as its two halves;
/// - a cell wcwidth cannot place (e.g. a code point the C library does not know) becomes U+FFFD.
///
/// ```swift
/// CellRendition.pieces(for: Cell("é"), terminalWidth: glibcWidth)
/// // [(0, ["e", "\u{301}"])]
/// ```
public enum CellRendition {
  /// What to put at a column offset from the cell's own column.
  public struct Piece: Hashable, Sendable {
    public var offset: Int
    public var scalars: [Unicode.Scalar]

    public init(offset: Int, scalars: [Unicode.Scalar]) {
      self.offset = offset
      self.scalars = scalars
    }
  }

  /// The most code points ncurses keeps in one cell (CCHARW_MAX).
  public static let maximumScalarsPerCell = 5

  /// The pieces to draw for `cell` (never called for continuation cells), given the terminal's
  /// width function (`wcwidth`: -1 for unprintable).
  public static func pieces(for cell: Cell, terminalWidth: (Unicode.Scalar) -> Int) -> [Piece] {
    let scalars = Array(cell.grapheme.unicodeScalars)
    guard let base = scalars.first, cell.width > 0 else {
      return [Piece(offset: 0, scalars: [" "])]
    }
    let baseWidth = terminalWidth(base)
    if cell.width == 2, scalars.count == 2,
      DisplayWidth.isRegionalIndicator(base), DisplayWidth.isRegionalIndicator(scalars[1]),
      baseWidth == 1, terminalWidth(scalars[1]) == 1
    {
      return [Piece(offset: 0, scalars: [base]), Piece(offset: 1, scalars: [scalars[1]])]
    }
    var marks: [Unicode.Scalar] = []
    for scalar in scalars.dropFirst() {
      guard terminalWidth(scalar) == 0 else { break }
      if scalar == "\u{200D}" { continue }  // a ZWJ with nothing after it to join
      if marks.count < maximumScalarsPerCell - 1 { marks.append(scalar) }
    }
    if baseWidth == cell.width {
      return [Piece(offset: 0, scalars: [base] + marks)]
    }
    if baseWidth == 1, cell.width == 2 {
      let textMarks = marks.filter { $0 != DisplayWidth.variationSelector16 }
      return [Piece(offset: 0, scalars: [base] + textMarks), Piece(offset: 1, scalars: [" "])]
    }
    let replacement: Unicode.Scalar = terminalWidth("\u{FFFD}") == 1 ? "\u{FFFD}" : "?"
    var pieces = [Piece(offset: 0, scalars: [replacement])]
    if cell.width == 2 { pieces.append(Piece(offset: 1, scalars: [" "])) }
    return pieces
  }
}
