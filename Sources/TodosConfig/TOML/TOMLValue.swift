/// One value of a TOML document, as `TOMLReader` reads it: text, a number, a boolean, a date or
/// time (kept as written), a list or a table.
///
/// ```swift
/// let root = try TOMLReader.parse("quit = [\"q\", \"ctrl-c\"]\n")
/// root["quit"]?.array?.first?.string  // "q"
/// ```
enum TOMLValue: Equatable, Sendable {
  case string(String)
  case integer(Int)
  case float(Double)
  case boolean(Bool)
  case dateTime(TOMLDateTime)
  case array([TOMLValue])
  case table(TOMLTable)

  /// The text, if the value is text.
  var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// The whole number, if the value is one (not a float: `1.0` is no `Int`).
  var int: Int? {
    if case .integer(let number) = self { return number }
    return nil
  }

  /// The float, if the value is one.
  var double: Double? {
    if case .float(let number) = self { return number }
    return nil
  }

  /// `true` or `false`, if the value is a boolean.
  var bool: Bool? {
    if case .boolean(let flag) = self { return flag }
    return nil
  }

  /// The elements, if the value is a list (an array of tables is a list of tables).
  var array: [TOMLValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  /// The table, if the value is one.
  var table: TOMLTable? {
    if case .table(let table) = self { return table }
    return nil
  }

  /// The value written as TOML on one line: `"text"`, `42`, `["a", "b"]`, `{ fg = "red" }`.
  var tomlText: String {
    switch self {
    case .string(let text): TOMLValue.quoted(text)
    case .integer(let number): String(number)
    case .float(let number):
      number.isNaN ? "nan" : number.isInfinite ? (number < 0 ? "-inf" : "inf") : String(number)
    case .boolean(let flag): String(flag)
    case .dateTime(let value): value.text
    case .array(let elements): "[" + elements.map(\.tomlText).joined(separator: ", ") + "]"
    case .table(let table):
      table.isEmpty
        ? "{}"
        : "{ "
          + table.map { "\(TOMLValue.key($0.key)) = \($0.value.tomlText)" }
          .joined(separator: ", ") + " }"
    }
  }

  /// `text` as a TOML basic string, escaped.
  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// `name` as a key: bare when TOML allows it, else quoted.
  static func key(_ name: String) -> String {
    let bare =
      !name.isEmpty
      && name.utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
          true
        default: false
        }
      }
    return bare ? name : quoted(name)
  }
}

/// A TOML date, time or date-time, kept as written (`1979-05-27T07:32:00Z`): the reader checks
/// it and says which of the four kinds it is; nothing in the config reads one.
///
/// ```swift
/// TOMLDateTime(kind: .localDate, text: "2026-11-26")
/// ```
struct TOMLDateTime: Hashable, Sendable {
  enum Kind: Hashable, Sendable {
    /// `1979-05-27T07:32:00Z`, `1979-05-27 00:32:00.999-07:00`
    case offsetDateTime
    /// `1979-05-27T07:32:00`
    case localDateTime
    /// `1979-05-27`
    case localDate
    /// `07:32:00.5`
    case localTime
  }

  var kind: Kind
  var text: String
}

/// A TOML table: its keys in the order the file first gives them, each with its value.
///
/// ```swift
/// let table = try TOMLReader.parse("b = 1\na = 2\n")
/// table.map(\.key)  // ["b", "a"]
/// table["a"]  // .integer(2)
/// ```
struct TOMLTable: Equatable, Sendable, Sequence {
  /// The keys, in the file's order.
  private(set) var keys: [String] = []
  private var values: [String: TOMLValue] = [:]

  init() {}

  /// A table of these pairs, in their order (for tests and examples).
  init(_ pairs: KeyValuePairs<String, TOMLValue>) {
    for (key, value) in pairs { self[key] = value }
  }

  var count: Int { keys.count }
  var isEmpty: Bool { keys.isEmpty }

  /// The value of `key`; setting a new key adds it after the others.
  subscript(key: String) -> TOMLValue? {
    get { values[key] }
    set {
      if let newValue {
        if values.updateValue(newValue, forKey: key) == nil { keys.append(key) }
      } else if values.removeValue(forKey: key) != nil {
        keys.removeAll { $0 == key }
      }
    }
  }

  func makeIterator() -> Iterator {
    Iterator(table: self)
  }

  /// The pairs in the file's order.
  struct Iterator: IteratorProtocol {
    let table: TOMLTable
    var index = 0

    mutating func next() -> (key: String, value: TOMLValue)? {
      guard index < table.keys.count else { return nil }
      let key = table.keys[index]
      index += 1
      return (key, table.values[key]!)
    }
  }
}
