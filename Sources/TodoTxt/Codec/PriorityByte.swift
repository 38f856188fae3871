/// A priority letter kept in one byte, 0 for none: a `Character?` takes 16 bytes, and every
/// todo holds one (100,000 todos are loaded).
///
/// ```swift
/// PriorityByte.pack("A")   // 65
/// PriorityByte.unpack(65)  // "A"
/// PriorityByte.unpack(0)   // nil
/// ```
package enum PriorityByte {
  /// The byte for `priority`: its ASCII value, or 0 (none) for nil and for a character that is
  /// not one ASCII byte, which no todo.txt line can hold as a priority (it prints nothing).
  @inline(__always)
  package static func pack(_ priority: Character?) -> UInt8 {
    guard let priority, priority.utf8.count == 1 else { return 0 }
    return priority.utf8.first!
  }

  /// The priority `byte` holds, nil for 0.
  @inline(__always)
  package static func unpack(_ byte: UInt8) -> Character? {
    byte == 0 ? nil : Character(Unicode.Scalar(byte))
  }
}
