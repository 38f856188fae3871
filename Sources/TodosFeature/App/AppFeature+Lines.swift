import Foundation
import IdentifiedCollections

// The mapping between the list's rows and the todo.txt lines of the file.

extension AppFeature {
  /// An id generator for reloaded rows: the id of an existing row with the same line (its
  /// original bytes, else its description), each used once, else a fresh one.
  @MainActor
  static func reusingIDs(
    of rows: IdentifiedArrayOf<Todo.State>, else fresh: @escaping @MainActor () -> UUID
  ) -> (TodoTxtLine) -> UUID {
    var byLine: [[UInt8]: [UUID]] = [:]
    var byText: [String: [UUID]] = [:]
    for row in rows.reversed() {
      if let raw = row.rawLine { byLine[raw, default: []].append(row.id) }
      byText[row.description, default: []].append(row.id)
    }
    var used: Set<UUID> = []
    func take(_ ids: inout [UUID]?) -> UUID? {
      while let id = ids?.popLast() {
        if used.insert(id).inserted { return id }
      }
      return nil
    }
    return { line in
      if let raw = line.raw, let id = take(&byLine[raw]) { return id }
      var text = line.text
      if line.isComplete {
        var reopened = line
        reopened.reopen()
        text = reopened.priority == nil ? line.text : reopened.text
      }
      return take(&byText[text]) ?? fresh()
    }
  }

  /// The rows for the todos of a document, with fresh ids.
  @MainActor
  public static func todoStates(
    from document: TodoTxtDocument, uuid: @MainActor () -> UUID
  ) -> [Todo.State] {
    todoStates(from: document, uuid: { _ in uuid() })
  }

  /// The rows for the todos of a document, with the id `uuid` gives each line.
  @MainActor
  static func todoStates(
    from document: TodoTxtDocument, uuid: (TodoTxtLine) -> UUID
  ) -> [Todo.State] {
    document.todos.map { line in
      var row = Todo.State(
        id: uuid(line),
        description: line.text,
        isComplete: line.isComplete,
        priority: line.priority,
        creationDate: line.creationDate,
        completionDate: line.completionDate,
        rawLine: line.raw  // set only when printing the line would not give its bytes back
      )
      if line.isComplete {
        // A completed todo keeps its priority as a `pri:A` tag; the row holds it as a priority.
        var reopened = line
        reopened.reopen()
        if let kept = reopened.priority {
          row.priority = kept
          row.description = reopened.text
          // Written back from the row, the tag goes to the end: keep the bytes if it was not.
          let original = line.serialized()
          if todoTxtLine(from: row).canonical() != original { row.rawLine = original }
        }
      }
      return row
    }
  }

  /// The todo.txt line for a row: the original bytes when the row is untouched.
  public static func todoTxtLine(from todo: Todo.State) -> TodoTxtLine {
    var line = TodoTxtLine(
      text: todo.description,
      isComplete: todo.isComplete,
      priority: todo.priority,
      creationDate: todo.creationDate,
      completionDate: todo.completionDate
    )
    line.raw = todo.rawLine  // untouched rows are written back byte for byte, without parsing
    return line
  }
}
