import TodoTxt

extension Todos.State {
  /// Adds one todo per pasted line that is not blank, in the pasted order, where `a` adds
  /// (first, or last with `new_todo_position = "bottom"`), as one undo step, as `E` does with
  /// the lines of an editor. Each line is read as the editor reads its text: relative dates
  /// converted, a typed creation or completion date kept, else today's creation date; a
  /// chosen `+project`/`@context` is carried, as `a` carries it.
  ///
  /// ```swift
  /// state.addPasted(["Buy milk", "Call Mom due:fri"], environment)  // "Added 2 todos"
  /// ```
  @MainActor
  mutating func addPasted(_ lines: [String], _ environment: TodosEnvironment) {
    let texts = lines.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    guard !texts.isEmpty else { return }
    if filter == .completed { filter = .all }
    search = nil
    let today = environment.today()
    let carried = texts.map { text in
      guard let tag = pickedTag, !text.split(separator: " ").contains(Substring(tag)) else {
        return text
      }
      return tag + " " + text
    }
    let statusBefore = status
    let converted = convertingDates(inLines: carried, today: today)
    let datesStatus = status != statusBefore ? status : nil
    let todos = converted.map { line in
      let (priority, text) = splitPriority(line)
      return Self.newTodo(
        id: environment.uuid(), priority: priority, text: text,
        creationDate: environment.addsCreationDate ? today : nil)
    }
    let start = environment.addsAtBottom ? list.count : 0
    let label = todos.count == 1 ? "add \(Todos.quoted(todos[0]))" : "add \(todos.count) todos"
    recordHistory(label, [.remove(todos.map(\.id))])
    for (offset, todo) in todos.enumerated() { list.insert(todo, at: start + offset) }
    viewport.selectedID = todos.first?.id
    status = datesStatus ?? Todos.StatusMessage("Added \(todos.count) todos · u to undo")
  }
}

/// The lines of pasted text, at LF, CR LF or a lone CR.
///
/// ```swift
/// pastedLines("Buy milk\r\nEggs\n")  // ["Buy milk", "Eggs", ""]
/// ```
func pastedLines(_ text: String) -> [String] {
  // Line ends are read scalar by scalar: "\r\n" is one `Character`, and so is a CR that ends
  // up before an LF once a "\r\n" after it is replaced ("\r\r\n").
  var lines: [String] = []
  var line = String.UnicodeScalarView()
  var afterCR = false
  for scalar in text.unicodeScalars {
    defer { afterCR = scalar == "\r" }
    if scalar == "\n", afterCR { continue }
    if scalar == "\n" || scalar == "\r" {
      lines.append(String(line))
      line = String.UnicodeScalarView()
    } else {
      line.append(scalar)
    }
  }
  lines.append(String(line))
  return lines
}
