import CustomDump
import TodosFeature

// How TodosFeature values read in TestStore failures (which dump and diff them with CustomDump):
// as the user and the file know them, not as they are packed in memory. Here, not in the
// product, so the app does not link CustomDump for its tests' sake.

extension TodoDate: CustomDumpStringConvertible {
  /// A day as todo.txt writes it: `2024-05-01`, not its packed year, month and day fields.
  public var customDumpDescription: String { description }
}

extension Todos.State: CustomDumpReflectable {
  /// The state with the todos under their public name, `todos`, not the internal `storage`
  /// behind it.
  public var customDumpMirror: Mirror {
    Mirror(
      self,
      children: Mirror(reflecting: self).children.map { child in
        (label: child.label == "storage" ? "todos" : child.label, value: child.value)
      },
      displayStyle: .struct
    )
  }
}
