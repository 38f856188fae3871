import Architecture
import FoundationEssentials
import TerminalUI

/// The viewport feature: the screen size, the selection and the scrolling over the visible
/// todos, and keeping the selection on the same todo across changes.
///
/// ```swift
/// var viewport = Viewport.State()
/// viewport.apply(.selectionMoved(.next), in: state.visible)
/// ```
public enum Viewport {
  /// Rows taken by the title, the filter bar, the status line and the key hints.
  public static let chromeHeight = 4

  public struct State: Equatable, Sendable {
    /// The selected todo, by id (never by index).
    public var selectedID: UUID?
    /// The first visible row shown at the top of the list area.
    public var scrollTop: Int
    public var size: TerminalSize

    public init(
      selectedID: UUID? = nil, scrollTop: Int = 0,
      size: TerminalSize = TerminalSize(width: 80, height: 24)
    ) {
      self.selectedID = selectedID
      self.scrollTop = scrollTop
      self.size = size
    }

    /// The rows available to the list between the header and the footer.
    public var listHeight: Int { Viewport.listHeight(screenHeight: size.height) }
  }

  /// A selection movement.
  public enum SelectionMove: Equatable, Sendable {
    case next, previous, first, last, pageDown, pageUp
  }

  /// What the keyboard, the mouse and the terminal do to the viewport.
  public enum Action: Equatable, Sendable {
    case selectionMoved(SelectionMove)
    /// A row was clicked: select it.
    case rowClicked(UUID)
    /// The mouse wheel scrolled the list by some rows (negative: up).
    case scrolled(by: Int)
    case terminalResized(width: Int, height: Int)
  }

  /// The rows the list gets on a screen `screenHeight` rows tall.
  public static func listHeight(screenHeight: Int) -> Int { max(screenHeight - chromeHeight, 1) }
}

extension Viewport.State {
  /// Moves the selection and the scrolling over `visible`, the todos the list shows (the
  /// viewport reads them, never changes them).
  ///
  /// ```swift
  /// let visible = state.visible
  /// state.viewport.apply(.selectionMoved(.next), in: visible)
  /// ```
  public mutating func apply(_ action: Viewport.Action, in visible: VisibleTodos) {
    switch action {
    case .selectionMoved(let move):
      self.move(move, in: visible)
    case .rowClicked(let id):
      guard visible.position(of: id) != nil else { return }
      selectedID = id
    case .scrolled(let lines):
      scroll(by: lines, in: visible)
    case .terminalResized(let width, let height):
      size = TerminalSize(width: max(width, 0), height: max(height, 0))
    }
  }

  mutating func move(_ move: Viewport.SelectionMove, in visible: VisibleTodos) {
    guard !visible.isEmpty else { return }
    let last = visible.count - 1
    guard let position = visible.position(of: selectedID) else {
      selectedID = visible[move == .last ? last : 0].id
      return
    }
    let target =
      switch move {
      case .next: position + 1
      case .previous: position - 1
      case .first: 0
      case .last: last
      case .pageDown: position + listHeight
      case .pageUp: position - listHeight
      }
    selectedID = visible[min(max(target, 0), last)].id
  }

  /// Scrolls by `lines`, never past either end, taking the selection along when it would
  /// leave the screen (to a todo: a section's header is never selected).
  mutating func scroll(by lines: Int, in visible: VisibleTodos) {
    let height = listHeight
    scrollTop = min(max(scrollTop + lines, 0), max(visible.lineCount - height, 0))
    guard let position = visible.position(of: selectedID) else { return }
    let line = visible.line(ofPosition: position)
    if line < scrollTop, let below = visible.position(atOrBelowLine: scrollTop) {
      selectedID = visible[below].id
    } else if line >= scrollTop + height,
      let above = visible.position(atOrAboveLine: scrollTop + height - 1)
    {
      selectedID = visible[above].id
    }
  }

  /// The top line (`scrollTop` counts lines: a todo's, or a section header's in a grouped
  /// view) that shows the selection with as little scrolling from `scrollTop` as possible,
  /// never past the end, in a list area `height` rows tall; the first todo of a section
  /// brings its header into view too.
  public func top(in visible: VisibleTodos, height: Int) -> Int {
    var top = max(min(scrollTop, visible.lineCount - height), 0)
    if let position = visible.position(of: selectedID) {
      let line = visible.line(ofPosition: position)
      let first = visible.firstLine(ofPosition: position)
      if first < top {
        top = first
      } else if line >= top + height {
        top = line - height + 1
      }
    }
    return top
  }

  /// Keeps the selection on a visible todo: the same one if it still shows, else the next one
  /// that was below it in `previous` (the visible ids before the change, asked for only
  /// then), else the one above, else the first. Then scrolls it into view.
  mutating func follow(_ visible: VisibleTodos, previous: () -> [UUID]) {
    defer { scrollTop = top(in: visible, height: listHeight) }
    guard !visible.isEmpty else {
      selectedID = nil
      return
    }
    if visible.position(of: selectedID) != nil { return }
    if let selectedID {
      let previous = previous()
      if let start = previous.firstIndex(of: selectedID) {
        // `position(of:)` is O(1) unfiltered (O(log n) filtered): no set of every visible id.
        if let below = previous[(start + 1)...].first(where: { visible.position(of: $0) != nil }) {
          self.selectedID = below
          return
        }
        if let above = previous[..<start].last(where: { visible.position(of: $0) != nil }) {
          self.selectedID = above
          return
        }
      }
    }
    selectedID = visible[0].id
  }
}
