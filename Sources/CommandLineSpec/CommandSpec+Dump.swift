// `--experimental-dump-help`: the command described in JSON, in the shape
// swift-argument-parser's dump had (the fields scripts/generate-man-page.py reads).

extension CommandSpec {
  /// The spec as JSON: `{"command": {"commandName", "abstract", "discussion", "version",
  /// "arguments": [{"kind", "names", "preferredName", "valueName", "abstract",
  /// "shouldDisplay", "isOptional", "isRepeating"}], "subcommands"}}`.
  ///
  /// ```swift
  /// print(spec.dumpJSON())  // {"command":{"commandName":"todos-tui",…}}
  /// ```
  public func dumpJSON() -> String {
    "{\"serializationVersion\":0,\"command\":" + commandJSON() + "}"
  }

  func commandJSON() -> String {
    var fields = [
      ("commandName", json(name)), ("abstract", json(abstract)),
      ("discussion", json(discussion)),
    ]
    if let version { fields.append(("version", json(version))) }
    fields.append(("arguments", "[" + allArguments.map(argumentJSON).joined(separator: ",") + "]"))
    if !subcommands.isEmpty {
      fields.append(
        ("subcommands", "[" + subcommands.map { $0.commandJSON() }.joined(separator: ",") + "]"))
    }
    return object(fields)
  }

  func argumentJSON(_ argument: Argument) -> String {
    var fields = [("kind", json(argument.kind.rawValue))]
    if argument.kind != .positional {
      var names: [String] = []
      if let short = argument.short {
        names.append(object([("kind", json("short")), ("name", json(String(short)))]))
      }
      let long = object([("kind", json("long")), ("name", json(argument.name))])
      names.append(long)
      fields.append(("names", "[" + names.joined(separator: ",") + "]"))
      fields.append(("preferredName", long))
    }
    fields += [
      ("valueName", json(argument.valueName)), ("abstract", json(argument.help)),
      ("shouldDisplay", argument.isHidden ? "false" : "true"),
      ("isOptional", "true"), ("isRepeating", argument.isRepeating ? "true" : "false"),
      ("completesFiles", argument.completesFiles ? "true" : "false"),
    ]
    return object(fields)
  }

  func object(_ fields: [(String, String)]) -> String {
    "{" + fields.map { json($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
  }

  /// A JSON string: quotes, backslashes and control characters escaped.
  func json(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
