import FoundationEssentials

/// The `v` range: where it started (the anchor) and where the selection is now, both by id.
/// The todos in it are those shown between the two, in whatever order the list shows now, so
/// a sort or filter change under the range never makes it point at other todos.
///
/// ```swift
/// var range = RangeSelection(anchor: selected)
/// range.extend(by: .next, in: visibleIDs)  // j
/// range.ids(in: visibleIDs)                 // the anchor and the todo below it
/// ```
public struct RangeSelection: Equatable, Sendable {
  /// Where `v` was pressed.
  public var anchor: UUID
  /// The selected todo: the end that moves.
  public var current: UUID

  /// A range of one todo, started on `anchor`.
  public init(anchor: UUID) {
    self.anchor = anchor
    self.current = anchor
  }

  public init(anchor: UUID, current: UUID) {
    self.anchor = anchor
    self.current = current
  }

  /// A move of the moving end, as the list's keys make it.
  public enum Move: Equatable, Sendable {
    /// `j` / `k`: one row down or up.
    case next, previous
    /// `g` / `G`.
    case first, last
    /// Page keys: this many rows down (positive) or up (negative).
    case by(Int)
  }

  /// The ids from anchor to current inclusive, top to bottom as in `order` (the ids shown).
  /// When one end is not shown (filtered out, deleted), the range is the other end alone;
  /// when neither is, it is empty.
  ///
  /// ```swift
  /// RangeSelection(anchor: c, current: a).ids(in: [a, b, c, d])  // [a, b, c]
  /// ```
  public func ids(in order: some RandomAccessCollection<UUID>) -> [UUID] {
    guard let range = positions(in: order) else { return [] }
    let start = order.index(order.startIndex, offsetBy: range.lowerBound)
    let end = order.index(order.startIndex, offsetBy: range.upperBound)
    return Array(order[start...end])
  }

  /// The positions of the range's ends in `order`, top first; nil when neither is shown.
  ///
  /// ```swift
  /// RangeSelection(anchor: c, current: a).positions(in: [a, b, c])  // 0...2
  /// ```
  public func positions(in order: some RandomAccessCollection<UUID>) -> ClosedRange<Int>? {
    let anchorPosition = order.firstIndex(of: anchor).map {
      order.distance(from: order.startIndex, to: $0)
    }
    let currentPosition =
      anchor == current
      ? anchorPosition
      : order.firstIndex(of: current).map { order.distance(from: order.startIndex, to: $0) }
    switch (anchorPosition, currentPosition) {
    case (let a?, let c?): return min(a, c)...max(a, c)
    case (let a?, nil): return a...a
    case (nil, let c?): return c...c
    case (nil, nil): return nil
    }
  }

  /// Whether `id` is in the range as `order` shows it.
  ///
  /// ```swift
  /// range.contains(b, in: visibleIDs)
  /// ```
  public func contains(_ id: UUID, in order: some RandomAccessCollection<UUID>) -> Bool {
    ids(in: order).contains(id)
  }

  /// Moves the moving end by `move` through `order`, clamped to its ends. When the moving end
  /// is not shown, it starts from the anchor; when neither is, nothing changes.
  ///
  /// ```swift
  /// range.extend(by: .last, in: visibleIDs)  // G: the range runs to the bottom
  /// ```
  public mutating func extend(by move: Move, in order: some RandomAccessCollection<UUID>) {
    guard !order.isEmpty else { return }
    let position = { (id: UUID) in
      order.firstIndex(of: id).map { order.distance(from: order.startIndex, to: $0) }
    }
    guard let from = position(current) ?? position(anchor) else { return }
    let target: Int
    switch move {
    case .next: target = from + 1
    case .previous: target = from - 1
    case .first: target = 0
    case .last: target = order.count - 1
    case .by(let rows): target = from + rows
    }
    let clamped = min(max(target, 0), order.count - 1)
    current = order[order.index(order.startIndex, offsetBy: clamped)]
  }
}
