/// A JSON value and its text as `ls --json` prints it: keys sorted, no spaces, `/` unescaped,
/// control characters as `\n`, `\t`… or `\u001f`, everything else as it is (UTF-8).
///
/// ```swift
/// JSONText.object(["due": .null, "line": .number(3), "text": .string("a/b \"c\"")]).text
/// // {"due":null,"line":3,"text":"a/b \"c\""}
/// ```
public enum JSONText: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Int)
  case string(String)
  case array([JSONText])
  case object([String: JSONText])

  /// The value printed on one line.
  public var text: String {
    var output = ""
    write(to: &output)
    return output
  }

  private func write(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .number(let value): output += String(value)
    case .string(let value): Self.write(value, to: &output)
    case .array(let values):
      output += "["
      for (index, value) in values.enumerated() {
        if index > 0 { output += "," }
        value.write(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, key) in members.keys.sorted().enumerated() {
        if index > 0 { output += "," }
        Self.write(key, to: &output)
        output += ":"
        members[key]?.write(to: &output)
      }
      output += "}"
    }
  }

  private static func write(_ string: String, to output: inout String) {
    output += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{8}": output += "\\b"
      case "\u{c}": output += "\\f"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}
