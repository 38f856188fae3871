import TerminalUI
import TodoTxt

/// The app's screen: the list's screen, with a file problem (an unreadable file, a failed
/// save, a lock held by another todos-tui) or a recovery file left by an earlier run kept in
/// the status line until it is fixed, and the title saying how many of the file's lines the
/// list does not show (`· 2 lines not shown`).
///
/// ```swift
/// let frame = AppView.frame(for: store.state, width: 80, height: 24)
/// ```
public enum AppView {
  @MainActor
  public static func frame(
    for state: AppFeature.State, width: Int, height: Int, keys: KeyBindings = .standard,
    theme: TodosTheme = .standard, pendingKey: Key? = nil
  ) -> Frame {
    let notShown = state.linesNotShown
    let file = state.file.title
    guard state.list.status == nil, let notice = state.file.notice else {
      return TodosView.frame(
        for: state.list, width: width, height: height, linesNotShown: notShown, keys: keys,
        theme: theme, file: file, pendingKey: pendingKey)
    }
    var todos = state.list
    todos.status = Todos.StatusMessage(notice, kind: .error)
    return TodosView.frame(
      for: todos, width: width, height: height, linesNotShown: notShown, keys: keys,
      theme: theme, file: file, pendingKey: pendingKey)
  }
}

extension AppFeature.FileState {
  /// What the title says about the file: its name (`displayName`, else the file name), `new
  /// file` once it was looked for and is not there, `read-only` when it cannot be written.
  ///
  /// ```swift
  /// state.file.title  // FileTitle(name: "todo.txt", isNew: true)
  /// ```
  public var title: FileTitle {
    FileTitle(
      name: displayName ?? PathComponents.lastComponent(of: path),
      isNew: isLoaded && stamp == nil, isReadOnly: readOnly != nil)
  }
}
