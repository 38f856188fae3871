/// Why a text is not valid TOML, and where: the 1-based line and column (in characters) of the
/// first thing wrong. The message names the fault in lower case, without a final period.
///
/// ```swift
/// do { _ = try TOMLReader.parse("a = = 1\n") } catch {
///   (error.line, error.column, error.message)  // (1, 5, "a value was expected …")
/// }
/// ```
struct TOMLError: Error, Equatable, Sendable {
  var line: Int
  var column: Int
  var message: String
}

extension TOMLReader {
  /// A fault at a byte offset, turned into a line and column only when it leaves the reader.
  struct Failure: Error {
    var offset: Int
    var message: String
  }

  /// The fault at `offset` (the current byte when nil).
  func failure(_ message: String, at offset: Int? = nil) -> Failure {
    Failure(offset: offset ?? index, message: message)
  }

  /// The line and column of `failure`: lines counted by "\n", columns by characters (a UTF-8
  /// continuation byte adds none).
  func error(_ failure: Failure) -> TOMLError {
    let offset = min(failure.offset, bytes.count)
    var line = 1
    var lineStart = 0
    for position in 0..<offset where bytes[position] == UInt8(ascii: "\n") {
      line += 1
      lineStart = position + 1
    }
    let column = bytes[lineStart..<offset].count { $0 & 0xC0 != 0x80 } + 1
    return TOMLError(line: line, column: column, message: failure.message)
  }

  /// How a byte is shown in a message: `"="`, or `U+0007` for one that does not print.
  func shown(_ offset: Int) -> String {
    guard offset < bytes.count else { return "the end of the file" }
    let byte = bytes[offset]
    switch byte {
    case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return "the end of the line"
    case 0x21...0x7E: return "\"\(Character(Unicode.Scalar(byte)))\""
    case 0x80...:
      guard let text = String(validating: scalarBytes(at: offset), as: UTF8.self) else {
        return "the byte 0x\(String(byte, radix: 16, uppercase: true)), which is not UTF-8"
      }
      return "\"\(text)\""
    default: return "U+" + hex4(UInt32(byte))
    }
  }

  /// The bytes of the (valid) character starting at `offset`.
  func scalarBytes(at offset: Int) -> ArraySlice<UInt8> {
    var end = offset + 1
    while end < bytes.count, bytes[end] & 0xC0 == 0x80, end - offset < 4 { end += 1 }
    return bytes[offset..<end]
  }
}

/// `value` as at least four upper-case hex digits: `0007`, `1F600`.
func hex4(_ value: UInt32) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
