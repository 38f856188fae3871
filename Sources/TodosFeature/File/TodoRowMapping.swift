import FoundationEssentials
import IdentifiedCollections
import TodoTxt

// Mapping between rows (`Todo.State`) and todo.txt lines (`TodoTxtLine`).
//
// A row holds a completed todo's priority as a priority; its line holds it as a trailing
// `pri:A` tag (or, read from a file, as `x (A) …`). Whatever row the app holds, its line reads
// back as that row: see "What a toggle keeps" in docs/file-format.md.

extension Todo.State {
  /// The row for a line read from a file: a completed line's `pri:A` tag becomes the row's
  /// priority (unless it has `x (A) `). `rawLine` keeps the line's bytes when printing the row
  /// would not give them back.
  ///
  /// ```swift
  /// Todo.State(line: TodoTxtLine(parsing: "x 2024-05-01 Call Mom pri:A")!, id: id)
  /// // complete, priority "A", description "Call Mom"
  /// ```
  init(line: TodoTxtLine, id: UUID) {
    self.init(
      id: id,
      description: line.text,
      isComplete: line.isComplete,
      priority: line.priority,
      creationDate: line.creationDate,
      completionDate: line.completionDate,
      rawLine: line.raw  // set only when printing the line would not give its bytes back
    )
    if let (priority, text) = Self.priorityTag(of: line) {
      self.priority = priority
      description = text
      // Written back from the row, the tag goes to the end: keep the bytes if it was not.
      let original = line.serialized()
      if self.line.canonical() != original { rawLine = original }
    }
  }

  /// The priority a completed line keeps in a `pri:A` tag, and its text without the tag; nil
  /// when the line is active, has an `x (A) ` priority, or has no such tag.
  static func priorityTag(of line: TodoTxtLine) -> (Character, String)? {
    // Most completed lines have no tag: look for one before splitting the text into spans.
    guard line.isComplete, line.priority == nil, containsPri(line.text) else { return nil }
    var reopened = line
    reopened.reopen()
    guard let priority = reopened.priority else { return nil }
    return (priority, reopened.text)
  }

  /// Whether `text` holds `pri:` (a byte scan, no allocation).
  private static func containsPri(_ text: String) -> Bool {
    var matched = 0
    for byte in text.utf8 {
      switch (matched, byte) {
      case (0, UInt8(ascii: "p")), (1, UInt8(ascii: "r")), (2, UInt8(ascii: "i")): matched += 1
      case (3, UInt8(ascii: ":")): return true
      default: matched = byte == UInt8(ascii: "p") ? 1 : 0
      }
    }
    return false
  }

  /// The todo.txt line for this row: its original bytes when it is untouched.
  ///
  /// ```swift
  /// Todo.State(id: id, description: "Call Mom", priority: "A").line.description
  /// // "(A) Call Mom"
  /// ```
  var line: TodoTxtLine {
    var line = TodoTxtLine(
      text: description,
      isComplete: isComplete,
      priority: priority,
      creationDate: creationDate,
      completionDate: completionDate
    )
    line.raw = rawLine  // untouched rows are written back byte for byte, without parsing
    return line
  }
}

extension AppFeature {
  /// The ids for reloaded rows, one for each of `lines`: the id of an existing row with the
  /// same line (its original bytes, else its description), then of one that is the same todo
  /// changed (completed, re-prioritised: `MergeIdentity`), then of one whose words are alike
  /// (edited a little, when few are left on each side), each used once, else a fresh one. A
  /// row that keeps its id keeps the selection, an edit in progress and its undo steps.
  @MainActor
  static func reusedIDs(
    of rows: IdentifiedArrayOf<Todo.State>, for lines: [TodoTxtLine],
    else fresh: @MainActor () -> UUID
  ) -> [UUID] {
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
    var ids: [UUID?] = lines.map { line in
      if let raw = line.raw, let id = take(&byLine[raw]) { return id }
      let text = Todo.State.priorityTag(of: line)?.1 ?? line.text
      return take(&byText[text])
    }
    let left = ids.indices.filter { ids[$0] == nil }
    if !left.isEmpty, used.count < rows.count {
      let unused = rows.elements.filter { !used.contains($0.id) }
      for (index, id) in changedTodoIDs(lines: left.map { lines[$0] }, rows: unused) {
        ids[left[index]] = id
      }
    }
    return ids.map { $0 ?? fresh() }
  }

  /// Pairs lines with rows that are the same todo changed: the same identity first, then, with
  /// at most `similarLimit` left on each side, the most alike words (`MergeIdentity.isSimilar`).
  /// Returns the line's index and the row's id for each pair.
  static func changedTodoIDs(
    lines: [TodoTxtLine], rows: [Todo.State]
  ) -> [(Int, UUID)] {
    let lineIdentities = lines.map { MergeIdentity(ArraySlice(Array($0.description.utf8))) }
    var rowsByKey: [[UInt8]: [Int]] = [:]
    let rowIdentities = rows.map { MergeIdentity(ArraySlice(Array($0.line.description.utf8))) }
    for (index, identity) in rowIdentities.enumerated().reversed() {
      if let identity { rowsByKey[identity.key, default: []].append(index) }
    }
    var pairs: [(Int, UUID)] = []
    var usedRows: Set<Int> = []
    var leftLines: [Int] = []
    for (index, identity) in lineIdentities.enumerated() {
      if let key = identity?.key, let row = rowsByKey[key]?.popLast() {
        usedRows.insert(row)
        pairs.append((index, rows[row].id))
      } else {
        leftLines.append(index)
      }
    }
    let leftRows = rows.indices.filter { !usedRows.contains($0) }
    guard !leftLines.isEmpty, !leftRows.isEmpty, leftLines.count <= similarLimit,
      leftRows.count <= similarLimit
    else { return pairs }
    var candidates: [(score: Int, line: Int, row: Int)] = []
    for line in leftLines {
      guard let a = lineIdentities[line] else { continue }
      for row in leftRows {
        guard let b = rowIdentities[row] else { continue }
        let shared = a.sharedWords(with: b)
        if MergeIdentity.isSimilar(shared: shared, a.words.count, b.words.count) {
          candidates.append((1000 * 2 * shared / (a.words.count + b.words.count), line, row))
        }
      }
    }
    var pairedLines: Set<Int> = []
    for candidate in candidates.sorted(by: { $0.score > $1.score })
    where !pairedLines.contains(candidate.line) && usedRows.insert(candidate.row).inserted {
      pairedLines.insert(candidate.line)
      pairs.append((candidate.line, rows[candidate.row].id))
    }
    return pairs
  }

  /// The most lines (and rows) left unpaired for which the similar-words pass runs: it
  /// compares every pair.
  static let similarLimit = 64

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
    document.todos.map { line in Todo.State(line: line, id: uuid(line)) }
  }

  /// The rows for the todos of a file's bytes, with fresh ids, and the file's layout (as
  /// `TodoTxtDocument.parse(bytes).layout(ids:)` gives it), made in one pass: the todos are
  /// held once, by the rows, and no document of lines is made between.
  ///
  /// ```swift
  /// let (rows, layout) = AppFeature.rowsAndLayout(from: loaded.bytes, uuid: environment.uuid)
  /// ```
  @MainActor
  static func rowsAndLayout(
    from bytes: [UInt8], uuid: @MainActor () -> UUID
  ) -> (rows: [Todo.State], layout: TodoTxtDocument) {
    var rows: [Todo.State] = []
    rows.reserveCapacity(TodoTxtDocument.lineCount(bytes))
    let layout = TodoTxtDocument.parse(bytes) { line in
      let id = uuid()
      rows.append(Todo.State(line: line, id: id))
      return .slot(id)
    }
    return (rows, layout)
  }

  /// The todo.txt line for a row: the original bytes when the row is untouched.
  public static func todoTxtLine(from todo: Todo.State) -> TodoTxtLine { todo.line }
}
