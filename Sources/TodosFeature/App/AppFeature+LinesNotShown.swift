import TodoTxt

extension AppFeature.State {
  /// How many lines of the file the list does not show: `#` comments and lines that are not
  /// UTF-8. They are kept in the file byte for byte (docs/file-format.md, "Lines not shown").
  /// Blank lines (spaces and tabs only) are kept too but not counted: they hide nothing.
  ///
  /// Counted once per version of the file's layout, not on every frame: the last count is kept
  /// with the layout's lines it was made from (held, so their storage cannot be reused by
  /// another array while it is compared by address).
  ///
  /// ```swift
  /// // todo.txt: "# groceries\nMilk\n\n"
  /// state.linesNotShown  // 1
  /// ```
  @MainActor
  public var linesNotShown: Int {
    let lines = file.document.lines
    if let last = lastLinesNotShown, last.lines.count == lines.count,
      last.lines.withUnsafeBufferPointer({ kept in
        lines.withUnsafeBufferPointer { kept.baseAddress == $0.baseAddress }
      })
    {
      return last.count
    }
    let count = file.document.linesNotShown
    lastLinesNotShown = (lines, count)
    return count
  }
}

/// The last layout counted by `linesNotShown`, and its count (the main thread's: no lock).
@MainActor private var lastLinesNotShown: (lines: [TodoTxtDocument.Entry], count: Int)?

extension TodoTxtDocument {
  /// The lines kept but not shown that hold something: see `AppFeature.State.linesNotShown`.
  var linesNotShown: Int {
    var count = 0
    for case .opaque(let bytes) in lines where !Self.isBlank(bytes) { count += 1 }
    return count
  }

  /// Whether a line holds only spaces and tabs (and the CR of a CRLF ending).
  static func isBlank(_ bytes: [UInt8]) -> Bool {
    var content = bytes[...]
    if content.last == 0x0D { content = content.dropLast() }
    return content.allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }
}
