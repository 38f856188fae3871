import FoundationEssentials
import Synchronization
import TodoTxt

/// What the list has worked out about how its rows show, kept between reads so that a key
/// costs the same at any size: the search matches (`Search.KeptMatches`), the last visible
/// list, the pickers' tag index and the display orders (`OrganiseCache`), and where the todos
/// hidden by their dates are.
///
/// A reference the list owns, not part of its value, for two reasons: it is filled by reads
/// (`Todos.State.visible`, the view), which do not mutate the state, and it is derived from
/// the rows, so two lists with the same rows are equal whatever each has worked out
/// (`TodoList.==` leaves it out). The list's copies share it; every part is kept for the
/// list's `contentToken`, renewed by each change of the rows, so a copy never uses what
/// another copy worked out. Read and written on the main thread only, like the state: no lock.
///
/// ```swift
/// list.viewCache.organise.tagIndex(list.rows, token: list.contentToken)  // built once, kept
/// ```
final class ViewCache {
  /// The matches of the last queries typed.
  var matches = Search.KeptMatches()
  /// The last visible list: the contents and what decided it (the query folded), the list
  /// indices shown and, in a sort order, each list index's position among them; the sections
  /// under a view's `group`.
  var visible:
    (
      token: UInt64, visibility: Visibility, indices: [Int], positions: [Int32]?,
      groups: [VisibleTodos.Group]?
    )?
  /// The pickers' tag index and the display orders, kept row by row.
  var organise = OrganiseCache()
  /// Where the todos hidden by their dates are: ascending list indices and their ids, for
  /// the date index's `hiddenToken`. Checked against the rows before use (rows move), so
  /// a toggle costs a pass over these ids, not a hash lookup each.
  var hidden: (token: UInt64, indices: [Int], ids: [UUID])?
  /// Every other list index (what shows with no filter or search), for the hidden todos
  /// at `hidden` (the same array as `hidden.indices` while it holds) among `count` rows.
  var shown: (hidden: [Int], count: Int, indices: [Int])?
  /// The same in the display order (completed todos below active ones): for the hidden
  /// indices and the display order's list indices it was made from.
  var shownSorted: (hidden: [Int], order: [Int], indices: [Int], positions: [Int32])?

  /// Which rows each view shown lately matches (`TodoList.viewMatches`), by the view's query,
  /// kept row by row: going back to a view does not match every todo again.
  var viewMatches: [String: ViewMatches] = [:]
  /// How many views' matches are kept at most (a config's views, and the built-in ones).
  static let viewMatchesLimit = 16
  /// The list's rows as last drawn, so a frame redraws only the rows whose look changed.
  var drawnRows = DrawnRows()
  /// The title, the filter bar's names and position, and the key hints as last drawn.
  var title = KeptSpan<TodosView.TitleKey>()
  var filterNames = KeptSpan<TodosView.FilterNamesKey>()
  /// The whole filter bar line while no search shows on it.
  var filterBar = KeptSpan<TodosView.FilterBarKey>()
  var position = KeptSpan<TodosView.PositionKey>()
  var hints = KeptSpan<TodosView.HintsKey>()
  /// The saved views' queries read, by their text, with the key their matches are kept
  /// under (`Query.description`): the views are prepared at each load and day, and reading a
  /// query and writing its description cost more than finding its matches kept.
  private var readQueries: [String: (query: Query, key: String)] = [:]

  /// The query `text` reads as, and its key in `viewMatches`; read once, then kept.
  ///
  /// ```swift
  /// cache.readQuery("due<=today").key  // "due<=today", read once
  /// ```
  func readQuery(_ text: String) -> (query: Query, key: String) {
    if let read = readQueries[text] { return read }
    if readQueries.count >= Self.viewMatchesLimit { readQueries.removeAll() }
    let query = Query(text)
    let read = (query: query, key: query.description)
    readQueries[text] = read
    return read
  }

  private static let counter = Atomic<UInt64>(0)

  /// A token no other contents had, unique in the process.
  static func nextToken() -> UInt64 { counter.wrappingAdd(1, ordering: .relaxed).newValue }
}

/// Which rows a saved view's query matches, one flag per row, for the list's contents and the
/// day it was read on; follows a one-row change (an edit, a toggle, an add, a delete, `J`/`K`)
/// by matching that row alone, so a key in a view at 100k todos does not match them all again.
///
/// ```swift
/// matches.follow(.changed(from: old, to: new, at: 3), from: before, to: after)  // row 3 only
/// ```
struct ViewMatches {
  var token: UInt64
  /// The view's query, as read (`Query.description`).
  var view: String
  var today: TodoDate
  var matcher: Query.Matcher
  var rows: [Bool]

  /// Follows `change`, made between the contents `from` and `to`; false when these flags are
  /// not of `from` (then they are dropped).
  mutating func follow(_ change: OrganiseCache.RowChange, from: UInt64, to: UInt64) -> Bool {
    guard token == from else { return false }
    switch change {
    case .inserted(let todo, let index): rows.insert(matcher.matches(todo), at: index)
    case .removed(_, let index): rows.remove(at: index)
    case .changed(_, let new, let index): rows[index] = matcher.matches(new)
    case .swapped(_, _, let first, let second): rows.swapAt(first, second)
    }
    token = to
    return true
  }
}
