import CustomDump
import TodoTxt
import TodosFeature

// How TodosFeature values read in TestStore failures (which dump and diff them with CustomDump):
// as the user and the file know them, not as they are packed in memory. Here, not in the
// product, so the app does not link CustomDump for its tests' sake.

extension TodoDate: CustomDumpStringConvertible {
  /// A day as todo.txt writes it: `2024-05-01`, not its packed year, month and day fields.
  public var customDumpDescription: String { description }
}

extension TodoList: CustomDumpReflectable {
  /// The list with the todos under their public name, `todos`, not the internal `rows` behind
  /// it.
  public var customDumpMirror: Mirror {
    Mirror(
      self,
      children: [("rows", rows as Any), ("activeCount", activeCount), ("revision", revision)],
      displayStyle: .struct)
  }
}

extension Todos.StatusMessage: CustomDumpReflectable {
  /// The words and the kind; not which showing of them it is.
  public var customDumpMirror: Mirror {
    Mirror(self, children: [("text", text as Any), ("kind", kind)], displayStyle: .struct)
  }
}
