/// One part of a key as written (`keys`, `"edit.start"`), with the offset it starts at, for an
/// error about it.
///
/// ```swift
/// TOMLKey(name: "quit", offset: 7)
/// ```
struct TOMLKey: Equatable, Sendable {
  var name: String
  var offset: Int
}

extension TOMLReader {
  /// A key: bare (`A-Za-z0-9_-`), "quoted" or 'literal' parts joined by dots (spaces around the
  /// dots are allowed).
  mutating func readKey() throws(Failure) -> [TOMLKey] {
    var path: [TOMLKey] = []
    while true {
      path.append(try readKeyPart())
      skipSpaces()
      guard current == UInt8(ascii: ".") else { return path }
      index += 1
      skipSpaces()
    }
  }

  private mutating func readKeyPart() throws(Failure) -> TOMLKey {
    let start = index
    switch current {
    case UInt8(ascii: "\""):
      if peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\"") {
        throw failure("a key cannot be a multi-line string (\"\"\")")
      }
      return TOMLKey(name: try readBasicString(), offset: start)
    case UInt8(ascii: "'"):
      if peek(1) == UInt8(ascii: "'"), peek(2) == UInt8(ascii: "'") {
        throw failure("a key cannot be a multi-line string (''')")
      }
      return TOMLKey(name: try readLiteralString(), offset: start)
    default:
      while let byte = current, isBareKeyByte(byte) { index += 1 }
      if let byte = current, byte >= 0x80 {
        let at = index
        try skipScalar()  // bad UTF-8 says so first
        throw failure(
          "\(shown(at)) cannot be in a bare key (only A-Z a-z 0-9 _ -): put the key in quotes",
          at: at)
      }
      guard index > start else {
        throw failure(
          current == nil || current == UInt8(ascii: "\n") || current == UInt8(ascii: "\r")
            ? "a key was expected, not the end of the line"
            : "a key was expected, not \(shown(start))")
      }
      return TOMLKey(name: String(decoding: bytes[start..<index], as: UTF8.self), offset: start)
    }
  }

  func isBareKeyByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
      true
    default: false
    }
  }
}

/// A key path as a message shows it: `keys.quit`, `views."my view"`.
func dotted(_ path: some Collection<TOMLKey>) -> String {
  path.map { TOMLValue.key($0.name) }.joined(separator: ".")
}
