import TerminalUI

/// What the title says about the file: its name, and whether it is new or read-only.
///
/// ```swift
/// FileTitle(name: "~/work/todo.txt", isNew: true)  // " ~/work/todo.txt · new file"
/// ```
public struct FileTitle: Equatable, Sendable {
  /// `todo.txt` at the default place, else the path with `~` for the home folder.
  public var name: String
  /// There is no file yet: the first save makes it.
  public var isNew: Bool
  /// The app cannot write the file (or its folder): no key changes a todo.
  public var isReadOnly: Bool

  public init(name: String, isNew: Bool = false, isReadOnly: Bool = false) {
    self.name = name
    self.isNew = isNew
    self.isReadOnly = isReadOnly
  }
}

extension TodosView {
  /// The title's left part: the file's name (without a file, `Todos`), then ` · read-only`
  /// and ` · new file`, in at most `maxX - 1` columns, leaving `reserving` columns for the
  /// parts after it where it can; returns its width. A narrow title shortens a path from the
  /// left first (`…/work/todo.txt`, then `todo.txt`), then drops whole parts, last first,
  /// never cutting a name in the middle.
  ///
  /// ```swift
  /// drawName(FileTitle(name: "todo.txt", isReadOnly: true), maxX: 40, into: &buffer)
  /// // " todo.txt · read-only"
  /// ```
  static func drawName(
    _ file: FileTitle?, maxX: Int, reserving: Int = 0, into buffer: inout ScreenBuffer
  ) -> Int {
    let room = maxX - 1
    guard let file else {
      // The name whole or not at all (never `Tod`): a narrow title keeps the counts.
      return buffer.write(room >= 5 ? "Todos" : "", x: 1, y: 0, style: titleStyle)
    }
    var flags: [(text: String, style: Style)] = []
    if file.isReadOnly { flags.append((" · read-only", titleStyle)) }
    if file.isNew { flags.append((" · new file", hintStyle)) }
    var reserve = reserving
    while true {
      let flagsWidth = flags.reduce(0) { $0 + DisplayWidth.of($1.text) }
      let name = shortened(file.name, toWidth: room - flagsWidth - reserve)
      if !name.isEmpty || (flags.isEmpty && reserve == 0) {
        var x = 1 + buffer.write(name, x: 1, y: 0, style: titleStyle)
        guard !name.isEmpty else { return 0 }
        for flag in flags { x += buffer.write(flag.text, x: x, y: 0, style: flag.style) }
        return x - 1
      }
      if reserve > 0 { reserve = 0 } else { flags.removeLast() }
    }
  }

  /// `path` in at most `width` columns: whole, else its last components after `…/`, else its
  /// file name alone, else nothing.
  ///
  /// ```swift
  /// TodosView.shortened("~/work/lists/todo.txt", toWidth: 16)  // "…/lists/todo.txt"
  /// ```
  static func shortened(_ path: String, toWidth width: Int) -> String {
    guard DisplayWidth.of(path) > width else { return path }
    let components = path.split(separator: "/", omittingEmptySubsequences: false)
    // An absolute path's first component is empty: `…/tmp/…` would be no shorter.
    let first = components.first?.isEmpty == true ? 2 : 1
    for start in first..<max(components.count, first) {
      let tail = "…/" + components[start...].joined(separator: "/")
      if DisplayWidth.of(tail) <= width { return tail }
    }
    let name = components.last.map(String.init) ?? path
    return DisplayWidth.of(name) <= width ? name : ""
  }
}
