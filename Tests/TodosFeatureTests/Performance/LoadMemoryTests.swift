import CustomDump
import Foundation
import IdentifiedCollections
import Testing
import TodoTxt

@testable import TodosFeature

/// What a loaded list holds per todo, and that a load keeps no second copy of the todos: the
/// memory of 100,000 loaded todos is mostly these.
@MainActor
@Suite struct LoadMemoryTests {
  /// A row, a parsed line and a line of the layout are packed: 48, 40 and 24 bytes (they were
  /// 96, 64 and 64: a `Character?` priority takes 16 bytes; a row's completion, priorities and
  /// dates share 8).
  @Test func aRowALineAndALayoutEntryArePacked() {
    #expect(MemoryLayout<Todo.State>.stride == 48)
    #expect(MemoryLayout<TodoTxtLine>.stride == 40)
    #expect(MemoryLayout<TodoTxtDocument.Entry>.stride == 24)
  }

  /// Packed, a priority is still any ASCII letter, and a lowercase one stays lowercase (it
  /// prints uppercased); a character that is not one ASCII byte, which no line holds as a
  /// priority, is none.
  @Test func aPackedPriorityKeepsItsLetter() {
    var row = Todo.State(id: id(0), description: "Call Mom", priority: "B", droppedPriority: "C")
    #expect((row.priority, row.droppedPriority) == ("B", "C"))
    row.priority = "a"
    row.droppedPriority = nil
    #expect((row.priority, row.droppedPriority) == ("a", nil))
    row.priority = "é"
    #expect(row.priority == nil)
    var line = TodoTxtLine.parse(Array("(Z) Call Mom".utf8))!
    #expect((line.priority, line.raw != nil) == ("Z", true))
    line.priority = "Z"  // setting it, even to the same letter, drops the raw bytes
    #expect((line.priority, line.raw) == ("Z", nil))
    #expect(TodoTxtLine(text: "Call Mom", priority: "b").serialized() == Array("(B) Call Mom".utf8))
  }

  /// A row's completion, priorities and dates share one integer: each keeps its value
  /// whatever the others are set to, from the first day to the last.
  @Test func aRowsPackedFieldsKeepTheirValuesApart() {
    let (first, last) = (TodoDate(string: "0000-01-01")!, TodoDate(string: "9999-12-31")!)
    var row = Todo.State(
      id: id(0), isComplete: true, priority: "Z", creationDate: last, completionDate: first,
      droppedPriority: "A")
    #expect(row.isComplete && row.priority == "Z" && row.droppedPriority == "A")
    #expect((row.creationDate, row.completionDate) == (last, first))
    row.isComplete = false
    row.creationDate = nil
    #expect(!row.isComplete && row.priority == "Z" && row.droppedPriority == "A")
    #expect((row.creationDate, row.completionDate) == (nil, first))
    row.completionDate = last
    row.priority = nil
    row.creationDate = TodoDate(string: "2024-02-29")!
    #expect(!row.isComplete && row.priority == nil && row.droppedPriority == "A")
    #expect((row.creationDate, row.completionDate) == (TodoDate(string: "2024-02-29")!, last))
    #expect(
      row
        == Todo.State(
          id: id(0), creationDate: TodoDate(string: "2024-02-29")!, completionDate: last,
          droppedPriority: "A"))
  }

  /// Packed, a row still dumps (in a test's diff, the debug log) by its fields' names.
  @Test func aPackedRowDumpsByItsFieldsNames() {
    var output = ""
    customDump(
      Todo.State(id: id(0), description: "Milk", priority: "A", creationDate: testDay),
      to: &output)
    #expect(output.contains("priority: \"A\""))
    #expect(output.contains("creationDate: 2024-05-01"))
    #expect(!output.contains("fields"))
  }

  /// The first load makes the rows and the layout in one pass over the bytes: the same rows
  /// and layout as parsing the document, then making rows of its todos and laying them out.
  @Test func theFirstLoadsRowsAndLayoutAreThoseOfTheParsedDocument() {
    let files = [
      "",
      "\n",
      "(A) 2024-05-01 Call Mom +family @phone\n# a comment\n\nx 2024-05-02 Paid pri:B\n",
      "\u{FEFF}(B) first\r\nsecond\r\n  \r\nx (C) 2024-05-02 2024-05-01 done\r\nlast",
      "a\u{07}bell\nx 2024-05-02 pri:A tag first\n\u{0}\ninvalid \u{FFFD}\n",
    ]
    var samples = files.map { Array($0.utf8) }
    samples.append([0x61, 0xFF, 0x0A, 0x62, 0x0A])  // a line that is not UTF-8 stays opaque
    for bytes in samples {
      let (rows, layout) = AppFeature.rowsAndLayout(
        from: bytes, uuid: UUID.incrementing())
      let document = TodoTxtDocument.parse(bytes)
      let expected = AppFeature.todoStates(
        from: document, uuid: UUID.incrementing())
      #expect(rows == expected, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
      #expect(layout == document.layout(ids: expected.map(\.id)))
      #expect(
        layout.filled(with: IdentifiedArray(uniqueElements: rows)).document.serialized() == bytes)
    }
  }

  /// A save writes the file straight from the rows: the bytes the filled document would
  /// serialize to, and the same layout, whatever moved, was added, archived or kept hidden.
  @Test func aSaveWritesTheBytesOfTheFilledDocument() {
    let files = [
      "", "# only a comment", "a\nb\nc\n", "\u{FEFF}(A) a\r\n# note\r\nb\r\n\r\nc",
      "x 2024-05-02 a pri:B\n\nb\u{07}\nc",
    ]
    for file in files {
      let (rows, layout) = AppFeature.rowsAndLayout(
        from: Array(file.utf8), uuid: UUID.incrementing())
      var list = IdentifiedArray(uniqueElements: rows)
      list.insert(Todo.State(id: id(90), description: "new first"), at: 0)
      list.append(Todo.State(id: id(91), description: "new last", priority: "C"))
      if list.count > 3 { list.swapAt(1, 2) }
      for (leaving, newAtEnd) in [([], false), ([id(1)], true)] as [(Set<UUID>, Bool)] {
        let filled = layout.filled(with: list, leaving: leaving, newAtEnd: newAtEnd)
        let written = layout.filledBytes(
          with: list, leaving: leaving, newAtEnd: newAtEnd, capacity: 8)
        #expect(written.bytes == filled.document.serialized(), "\(file.debugDescription)")
        #expect(written.layout == filled.layout)
      }
    }
  }

  /// The list takes the loaded array's storage: 100,000 rows are not copied (5.6 MB) while
  /// the array that brought them is still there.
  @Test func theListTakesTheLoadedRowsStorage() {
    let todos = (0..<1000).map { todo(UInt64($0), "Todo \($0) with a longer description") }
    var list = TodoList()
    list.load(todos)
    let loaded = todos.withUnsafeBufferPointer { $0.baseAddress }
    let kept = list.rows.elements.withUnsafeBufferPointer { $0.baseAddress }
    #expect(kept == loaded)
    #expect(list.rows.elements == todos)
    #expect(list.rows.index(id: id(999)) == 999)
    // Two rows with one id: the first wins (and the rows are a new array).
    list.load([todo(0, "first"), todo(1, "other"), todo(0, "second")])
    #expect(list.rows.elements == [todo(0, "first"), todo(1, "other")])
    #expect(list.rows.index(id: id(1)) == 1)
  }

  /// After a load the order of every todo with nothing chosen is kept as one bit per row
  /// (`FileView`): the first frame sorts no display order of every row (16 bytes per todo,
  /// and 12 more for its list of places) only to make it.
  @Test func aLoadSortsNoDisplayOrderForTheFirstFrame() {
    var state = Todos.State()
    state.load(
      (0..<10).map { todo(UInt64($0), "Todo \($0)", done: $0 % 5 == 0) }, newID: nil)
    #expect(state.list.fileView != nil)
    #expect(state.visible.ids.prefix(3) == [id(1), id(2), id(3)])
    #expect(state.visible.ids.suffix(2) == [id(0), id(5)])
    #expect(state.list.viewCache.organise.display == nil)
  }
}

/// Sorting a display order moves the keys in place; it gives what sorting them with the order's
/// comparator gives.
@Suite struct DisplayOrderInPlaceTests {
  @Test func theKeysMovedInPlaceAreTheKeysSorted() {
    var generator = SeededGenerator(seed: 0x50_47)
    let days = ["2026-12-01", "2026-11-25", "2027-01-01"].map { TodoDate(string: $0)! }
    for count in [0, 1, 2, 7, 500] {
      let keys = (0..<count).map { index in
        SortKey(
          priority: [nil, "A", "B", "Z"].randomElement(using: &generator)!,
          dueDate: [nil, days[0], days[1], days[2]].randomElement(using: &generator)!,
          isComplete: Bool.random(using: &generator), fileIndex: index)
      }
      for order in TodoSortOrder.allCases {
        let expected = keys.sorted(by: order.areInIncreasingOrder)
        #expect(DisplayOrder(order, keys: keys).keys == expected, "\(order) of \(count)")
        // File indices that are not the keys' positions: sorted without moving in place.
        let shuffled = keys.shuffled(using: &generator)
        #expect(DisplayOrder(order, keys: shuffled).keys == expected, "\(order) of \(count)")
      }
    }
  }
}
