// The sections of a grouped view on screen: each section's header takes a line above its
// todos. The todos keep their positions (0, 1, 2… top to bottom, headers not counted): the
// selection, `j`/`k`, ranges and the settle see a flat list; only the lines the screen and
// the scrolling count include the headers.

extension VisibleTodos {
  /// One section of a grouped list: its title, where its todos start among the visible todos,
  /// and how many there are.
  ///
  /// ```swift
  /// VisibleTodos.Group(title: "+work", start: 0, count: 3).header  // "+work · 3"
  /// ```
  public struct Group: Equatable, Sendable {
    /// `+work`, `(A)`, `Overdue`, `No project`.
    public var title: String
    /// The position of its first todo.
    public var start: Int
    public var count: Int

    public init(title: String, start: Int, count: Int) {
      self.title = title
      self.start = start
      self.count = count
    }

    /// The header line's text: `+work · 3`.
    public var header: String { "\(title) · \(count)" }
  }

  /// What one line of the list shows: a section's header or a todo (by position).
  public enum Line: Equatable {
    case header(Group)
    case todo(Int)
  }

  /// How many lines the list takes: a line per todo, and one per section header.
  public var lineCount: Int { count + (groups?.count ?? 0) }

  /// The line the todo at `position` is on.
  ///
  /// ```swift
  /// // +home · 1, Water plants, +work · 2, Send report, Call Bob
  /// visible.line(ofPosition: 1)  // 3
  /// ```
  public func line(ofPosition position: Int) -> Int {
    guard let groups, !groups.isEmpty else { return position }
    return position + section(ofPosition: position) + 1
  }

  /// What line `line` shows (nil past the end).
  public func content(ofLine line: Int) -> Line? {
    guard line >= 0, line < lineCount else { return nil }
    guard let groups, !groups.isEmpty else { return .todo(line) }
    // The last section whose header is at or above the line.
    var low = 0
    var high = groups.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if groups[middle].start + middle <= line { low = middle } else { high = middle - 1 }
    }
    let headerLine = groups[low].start + low
    return line == headerLine ? .header(groups[low]) : .todo(line - low - 1)
  }

  /// The first line a todo at `position` needs on screen: its section's header when it is the
  /// section's first todo (`g` shows the header too), else its own line.
  func firstLine(ofPosition position: Int) -> Int {
    let line = line(ofPosition: position)
    guard let groups, !groups.isEmpty else { return line }
    return groups[section(ofPosition: position)].start == position ? line - 1 : line
  }

  /// The todo on `line` or, on a header, the first todo below it.
  func position(atOrBelowLine line: Int) -> Int? {
    switch content(ofLine: line) {
    case .todo(let position): position
    case .header(let group): group.start
    case nil: nil
    }
  }

  /// The todo on `line` or, on a header, the last todo above it (nil when none is).
  func position(atOrAboveLine line: Int) -> Int? {
    switch content(ofLine: line) {
    case .todo(let position): position
    case .header(let group): group.start > 0 ? group.start - 1 : nil
    case nil: count > 0 && line >= lineCount ? count - 1 : nil
    }
  }

  /// The section of the todo at `position`: the last one starting at or above it.
  private func section(ofPosition position: Int) -> Int {
    guard let groups else { return 0 }
    var low = 0
    var high = groups.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if groups[middle].start <= position { low = middle } else { high = middle - 1 }
    }
    return low
  }
}
