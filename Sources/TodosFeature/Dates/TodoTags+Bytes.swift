import TodoTxt

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Finding tags in a description's contiguous bytes, by offset: `TodoTags.forEach`, the list's
// dates (`RowDates`) and its sorting by due date read every row this way.

extension TodoTags {
  /// The first `due:` tag's value as a day, as `DateTags(text).dueDate` reads it, from the
  /// bytes with no tag made: sorting and grouping by due date read it for every row.
  ///
  /// ```swift
  /// TodoTags.dueDate(in: "Pay due:2026-12-01 due:2026-12-02")  // 2026-12-01
  /// ```
  public static func dueDate(in text: String) -> TodoDate? {
    let read: TodoDate?? = text.utf8.withContiguousStorageIfAvailable { bytes in
      var date: TodoDate?
      forEachTag(in: bytes) { start, colon, end in
        guard colon - start == 3, bytes[start] == UInt8(ascii: "d"),
          bytes[start + 1] == UInt8(ascii: "u"), bytes[start + 2] == UInt8(ascii: "e")
        else { return true }
        date = TodoDate(utf8: bytes[(colon + 1)..<end])
        return false
      }
      return date
    }
    return read ?? DateTags(text).dueDate
  }

  /// Calls `body` with where each tag of `bytes` starts, where its colon is and where it ends,
  /// in order, until `body` returns false. Nothing to do when there is no colon.
  static func forEachTag(
    in bytes: UnsafeBufferPointer<UInt8>, _ body: (Int, Int, Int) -> Bool
  ) {
    // Over the contiguous bytes, from colon to colon (`memchr`): walking the UTF-8 view by
    // index cost about 30 instructions a byte, and every row's dates are read when a file
    // loads or a view with a date term is first shown.
    guard let base = bytes.baseAddress else { return }
    var index = 0
    while index < bytes.count {
      guard let hit = memchr(base + index, Int32(UInt8(ascii: ":")), bytes.count - index) else {
        return
      }
      // The word around the colon: it starts after the previous word's end (a blank).
      let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
      var start = at
      while start > 0, !isSpace(bytes[start - 1]) { start -= 1 }
      var end = at + 1
      while end < bytes.count, !isSpace(bytes[end]) { end += 1 }
      if let colon = colon(ofTagIn: bytes, from: start, to: end) {
        guard body(start, colon, end) else { return }
      }
      index = end
    }
  }

  /// Where the colon of the tag spelled by the word `start..<end` of `bytes` is, or nil when
  /// the word is not a tag (`tag(in:from:to:)`'s rules).
  private static func colon(
    ofTagIn bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Int? {
    let colon = UInt8(ascii: ":")
    // A longer word that starts with `+` or `@` is a project or a context.
    if bytes[start] == UInt8(ascii: "+") || bytes[start] == UInt8(ascii: "@"), start + 1 < end {
      return nil
    }
    var index = start
    while index < end, bytes[index] != colon { index += 1 }
    // The key must be non-empty and the value too.
    guard index > start, index + 1 < end else { return nil }
    // `scheme://…` is a link.
    let slash = UInt8(ascii: "/")
    if bytes[index + 1] == slash, index + 2 < end, bytes[index + 2] == slash { return nil }
    for scan in (index + 1)..<end where bytes[scan] == colon { return nil }
    return index
  }
}
