import FoundationEssentials
import IdentifiedCollections
import TodoTxt

// The file's layout between saves: the lines the app does not show, and where each row's line
// is (`TodoTxtDocument.Entry.slot`). A save writes every row on its own line and leaves every
// other line where it is, so a change touches only its own line.

extension TodoTxtDocument {
  /// The layout of this document, its todo lines being the rows `ids` (in order): the lines
  /// it does not show stay, each todo line becomes the place of its row.
  ///
  /// ```swift
  /// let layout = TodoTxtDocument.parse(Array("# list\nMilk\n".utf8)).layout(ids: [milk])
  /// layout.lines  // [.opaque(Array("# list".utf8)), .slot(milk)]
  /// ```
  public func layout(ids: [UUID]) -> TodoTxtDocument {
    var result = self
    var next = ids.makeIterator()
    var kept = 0
    for entry in lines {
      guard case .todo = entry else {
        result.lines[kept] = entry
        kept += 1
        continue
      }
      // A todo line without a row (never the case when `ids` came from these lines) goes.
      guard let id = next.next() else { continue }
      result.lines[kept] = .slot(id)
      kept += 1
    }
    result.lines.removeLast(result.lines.count - kept)
    return result
  }

  /// The file for `rows` (in list order) over this layout, and the layout it leaves.
  ///
  /// A row that has a place keeps it: the rows that have places fill them in list order (so
  /// two rows that traded places trade lines, and nothing else moves). A row without one (a
  /// new todo) goes on the line after the row before it in the list, or before the first todo
  /// line when it is first; with `newAtEnd`, new rows after the last placed one go after the
  /// last line. Rows in `leaving` (being archived) are not written; their places stay.
  ///
  /// ```swift
  /// let (document, layout) = state.file.document.filled(with: state.list.rows)
  /// file.save(document.serialized(), stamp)
  /// state.file.document = layout
  /// ```
  public func filled(
    with rows: IdentifiedArrayOf<Todo.State>, leaving: Set<UUID> = [], newAtEnd: Bool = false
  ) -> (document: TodoTxtDocument, layout: TodoTxtDocument) {
    var document = self
    document.lines.removeAll(keepingCapacity: true)
    let layout = fill(
      with: rows, leaving: leaving, newAtEnd: newAtEnd,
      row: { document.lines.append(.todo(rows[$0].line)) },
      line: { document.lines.append($0) })
    return (document, layout)
  }

  /// The bytes of `filled(with:leaving:newAtEnd:)`'s document, written as its lines are
  /// found (no document of every todo is made), and the layout it leaves; `capacity` as in
  /// `serialized(capacity:)`.
  ///
  /// ```swift
  /// let (bytes, layout) = state.file.document.filledBytes(with: state.list.rows)
  /// ```
  public func filledBytes(
    with rows: IdentifiedArrayOf<Todo.State>, leaving: Set<UUID> = [], newAtEnd: Bool = false,
    capacity: Int? = nil
  ) -> (bytes: [UInt8], layout: TodoTxtDocument) {
    var writer = Writer(self, capacity: capacity)
    let layout = fill(
      with: rows, leaving: leaving, newAtEnd: newAtEnd,
      row: { writer.append(rows[$0].line) },
      line: { writer.append($0) })
    return (writer.finish(), layout)
  }

  /// Fills this layout with `rows` as `filled(with:leaving:newAtEnd:)` says: each line of the
  /// file in order goes to `row` (a row's index) or `line` (a line that is not a row's);
  /// returns the layout it leaves.
  private func fill(
    with rows: IdentifiedArrayOf<Todo.State>, leaving: Set<UUID>, newAtEnd: Bool,
    row emitRow: (Int) -> Void, line emitLine: (Entry) -> Void
  ) -> TodoTxtDocument {
    // Which places are taken, and by which row (the first place of an id wins).
    var placed = [Bool](repeating: false, count: rows.count)
    var takes = [Bool](repeating: false, count: lines.count)
    for (index, entry) in lines.enumerated() {
      guard case .slot(let id) = entry, let row = rows.index(id: id), !placed[row],
        leaving.isEmpty || !leaving.contains(id)
      else { continue }
      placed[row] = true
      takes[index] = true
    }
    // The placed rows in list order, and the new rows after each one.
    var placedRows: [Int] = []
    placedRows.reserveCapacity(rows.count)
    var first: [Int] = []
    var after: [Int: [Int]] = [:]
    for row in rows.indices where leaving.isEmpty || !leaving.contains(rows[row].id) {
      if placed[row] {
        placedRows.append(row)
      } else if placedRows.isEmpty {
        first.append(row)
      } else {
        after[placedRows.count - 1, default: []].append(row)
      }
    }
    var layout = self
    layout.lines.removeAll(keepingCapacity: true)
    func write(_ row: Int) {
      emitRow(row)
      layout.lines.append(.slot(rows[row].id))
    }
    var filledPlaces = 0
    var atEnd: [Int] = []
    for (index, entry) in lines.enumerated() {
      guard takes[index] else {
        if case .slot = entry {} else { emitLine(entry) }
        layout.lines.append(entry)  // a place whose row is gone stays, for an undo
        continue
      }
      if filledPlaces == 0 { first.forEach(write) }
      write(placedRows[filledPlaces])
      if let new = after[filledPlaces] {
        if newAtEnd && filledPlaces == placedRows.count - 1 {
          atEnd = new
        } else {
          new.forEach(write)
        }
      }
      filledPlaces += 1
    }
    if filledPlaces == 0 { first.forEach(write) }
    atEnd.forEach(write)
    return layout
  }
}
