import FoundationEssentials
import TodoTxt

/// Archiving (`A`): completed todos move to done.txt. The order of the writes is the promise:
/// done.txt is appended and fsync'd before todo.txt is rewritten, so a crash in between leaves
/// the todos in both files, never in neither.
///
/// ```swift
/// let archived = Archive.completed(in: state.rows.elements)
/// let (receipt, stamp) = try Archive.perform(
///   lines: Archive.lines(of: archived), doneFile: doneFile,
///   saveTodoFile: { () throws(FileError) in try file.save(bytesWithout, expected) })
/// ```
public enum Archive {
  /// The completed todos of `todos`, in list order; with `ids`, only those among them (a `v`
  /// range).
  ///
  /// ```swift
  /// Archive.completed(in: todos, among: Set(range.ids(in: visibleIDs)))
  /// ```
  public static func completed(
    in todos: some Sequence<Todo.State>, among ids: Set<UUID>? = nil
  ) -> [Todo.State] {
    todos.filter { $0.isComplete && (ids?.contains($0.id) ?? true) }
  }

  /// The lines for done.txt: each todo as it stands in todo.txt, byte for byte, its CR too
  /// when todo.txt's lines end in CRLF (done.txt's client adds the LF), as todo.sh's `archive`
  /// copies them.
  ///
  /// ```swift
  /// Archive.lines(of: [done])                     // ["x 2026-11-23 Call Mom pri:A"]
  /// Archive.lines(of: [done], lineEnding: .crlf)  // ["x 2026-11-23 Call Mom pri:A\r"]
  /// ```
  public static func lines(
    of todos: [Todo.State], lineEnding: TodoTxtDocument.LineEnding = .lf
  ) -> [[UInt8]] {
    todos.map {
      var line = AppFeature.todoTxtLine(from: $0).serialized()
      if lineEnding == .crlf, line.last != ASCII.cr { line.append(ASCII.cr) }
      return line
    }
  }

  /// Appends `lines` to done.txt (fsync'd), then runs `saveTodoFile`. When the append fails,
  /// nothing was written. When the save fails, the lines are taken back out of done.txt if it
  /// still ends with them, so nothing changed; if not, the todos are in both files.
  ///
  /// ```swift
  /// let (receipt, stamp) = try Archive.perform(lines: lines, doneFile: done, saveTodoFile: save)
  /// ```
  @MainActor
  public static func perform(
    lines: [[UInt8]], doneFile: DoneFileClient,
    saveTodoFile: () throws(FileError) -> FileStamp
  ) throws(ArchiveError) -> (receipt: AppendReceipt, stamp: FileStamp) {
    let receipt: AppendReceipt
    do {
      receipt = try doneFile.append(lines)
    } catch {
      throw .doneFileNotWritten(error)
    }
    do {
      return (receipt, try saveTodoFile())
    } catch {
      let restored = (try? doneFile.undo(receipt)) == .removed
      throw .todoFileNotSaved(error, doneFileRestored: restored)
    }
  }
}

/// Why an archive did not happen, for the status line.
///
/// ```swift
/// ArchiveError.doneFileNotWritten(.diskFull("/home/me/done.txt")).message
/// // "Disk full: done.txt not saved · nothing archived"
/// ```
public enum ArchiveError: Error, Equatable, Sendable {
  /// The append to done.txt failed: both files are as they were.
  case doneFileNotWritten(FileError)
  /// done.txt got the lines but todo.txt could not be saved. `doneFileRestored`: the lines
  /// were taken back out (nothing changed); otherwise they are in both files.
  case todoFileNotSaved(FileError, doneFileRestored: Bool)

  /// One line for the status line.
  public var message: String {
    switch self {
    case .doneFileNotWritten(let error):
      return error.message + " · nothing archived"
    case .todoFileNotSaved(let error, let restored):
      let name = PathComponents.lastComponent(of: error.path)
      return error.message
        + (restored ? " · nothing archived" : " · the todos are in \(name) and done.txt")
    }
  }
}
