import Foundation
import TodoTxt

/// done.txt in memory, for tests: inspect what was archived, make the append fail, and
/// play another program writing done.txt. Behaves as `DoneFileClient.live` does
/// (`DoneFileTests` runs the same cases against both).
///
/// ```swift
/// let done = InMemoryDoneFile(contents: "x 2026-11-01 Old")  // no final newline
/// let client = DoneFileClient.inMemory(done)
/// done.appendFailure = .diskFull(done.path)
/// ```
@MainActor
package final class InMemoryDoneFile {
  private var _bytes: [UInt8]?
  private var _appendCount = 0

  /// The path reported in errors and receipts.
  package let path: String

  /// A done file holding `contents`, or no file when nil.
  package init(contents: String? = nil, path: String = "/tmp/done.txt") {
    self._bytes = contents.map { Array($0.utf8) }
    self.path = path
  }

  /// The file's bytes, nil when there is no file.
  package var bytes: [UInt8]? { _bytes }
  /// The file as text, nil when there is no file.
  package var contents: String? { bytes.map { String(decoding: $0, as: UTF8.self) } }
  /// How many appends succeeded.
  package var appendCount: Int { _appendCount }
  /// When set, `append` throws it and leaves the file as it was.
  package var appendFailure: FileError?

  /// Another program writes (or, with nil, removes) the file.
  package func writeExternally(_ contents: String?) {
    _bytes = contents.map { Array($0.utf8) }
  }

  fileprivate func append(_ lines: [[UInt8]]) throws(FileError) -> AppendReceipt {
    guard !lines.isEmpty else {
      return AppendReceipt(path: path, bytes: [], addedNewline: false, createdFile: false)
    }
    if let failure = appendFailure { throw failure }
    let created = _bytes == nil
    let (bytes, addedNewline) = DoneFileClient.bytesToAppend(lines, after: _bytes?.last)
    _bytes = (_bytes ?? []) + bytes
    _appendCount += 1
    return AppendReceipt(
      path: path, bytes: bytes, addedNewline: addedNewline, createdFile: created)
  }

  fileprivate func undo(_ receipt: AppendReceipt) -> UndoOutcome {
    guard !receipt.bytes.isEmpty else { return .removed }
    guard let current = _bytes, current.count >= receipt.bytes.count,
      current.suffix(receipt.bytes.count).elementsEqual(receipt.bytes)
    else { return .changedSince }
    let start = current.count - receipt.bytes.count
    _bytes = receipt.createdFile && start == 0 ? nil : Array(current[..<start])
    return .removed
  }
}

extension DoneFileClient {
  /// A client on an `InMemoryDoneFile`, for tests.
  ///
  /// ```swift
  /// let client = DoneFileClient.inMemory(InMemoryDoneFile())
  /// ```
  package static func inMemory(_ file: InMemoryDoneFile) -> DoneFileClient {
    DoneFileClient(
      path: file.path,
      append: { (lines) throws(FileError) in try file.append(lines) },
      undo: { receipt in file.undo(receipt) }
    )
  }
}
