import Foundation

/// The order every todo shows in when nothing is chosen (no filter, search, tag or `s` order,
/// no todo hidden by its dates): the active todos, then the completed ones, each in file
/// order, a todo toggled since the settle staying where it was. Kept in the list's value and
/// carried through its changes, so the reads of one key (before, the reducers, after, the
/// frame) are a property read at any size: a changed row (a toggle, an edit, a priority)
/// moves nothing on screen, so the view is kept as it is; a change that moves rows (add,
/// delete, `J`/`K`, undo, a load) drops it, and it is taken again from the organise cache,
/// which moved its rows one by one, after the action (`keepFileView(for:)`).
///
/// ```swift
/// list.keepFileView(for: state.visibility)  // after each action
/// list.fileView?.rows                        // nil rows: the file's own order
/// ```
struct FileView {
  /// The contents it describes (`TodoList.contentToken`).
  var token: UInt64
  /// The todos waiting to settle, which it shows where they were before their toggle.
  var settling: Set<UUID>
  /// Every row's list index, top to bottom, and each row's position; nil when that is the
  /// file's own order.
  var rows: (indices: [Int], positions: [Int32])?

  /// Whether it is the order of the contents `token` with `settling` waiting (the set kept
  /// after the action is found in O(1): sets compare by identity first).
  func describes(_ token: UInt64, settling: Set<UUID>) -> Bool {
    self.token == token && self.settling == settling
  }

  /// The view after `change` took the rows to contents `token`: the same order when the
  /// change moved no row on screen (a row changed in place), else nil.
  func following(_ change: OrganiseCache.RowChange?, to token: UInt64) -> FileView? {
    guard case .changed = change else { return nil }
    var view = self
    view.token = token
    return view
  }
}

extension TodoList {
  /// Brings the file view up to date once an action is done, when it is what shows: kept as
  /// it is when no todo stopped waiting to settle (a todo that starts waiting stays where it
  /// is), else taken again from the organise cache, which moves the rows that settled.
  ///
  /// ```swift
  /// list.keepFileView(for: visibility)  // the reads of the next key find it
  /// ```
  mutating func keepFileView(for visibility: Visibility) {
    guard visibility.showsEverything(hidingNone: dates.hidden.isEmpty) else { return }
    forgetSearches()
    let settling = visibility.settling
    if var view = fileView, view.token == contentToken {
      if view.settling == settling { return }
      // More todos waiting (a toggle): none moves. One that stopped waiting moves.
      if view.settling.isSubset(of: settling) {
        view.settling = settling
        fileView = view
        return
      }
    }
    fileView = nil  // no second reference to the cache's order while it moves rows
    fileView = FileView(
      token: contentToken, settling: settling, rows: fileOrderRows(settling: settling))
  }
}
