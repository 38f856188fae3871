/// Where todo.sh keeps its files: `TODO_DIR` and `DONE_FILE`, from the environment or from
/// todo.sh's config file (the first of `$TODOTXT_CFG_FILE`, `~/.todo/config`, `~/.todo.cfg`
/// and `$XDG_CONFIG_HOME/todo/config` that exists, as todo.sh picks it). Only lines that set
/// one of them (`export TODO_DIR="$HOME/todo"`) are read, and only `$HOME`, `${HOME}`, a
/// leading `~` and, in `DONE_FILE`, `$TODO_DIR` are expanded: a value with anything else to
/// expand (`$(dirname "$0")`) is passed over, and so is every other line of the file.
///
/// ```swift
/// let settings = TodoShSettings.read(environment: ["HOME": "/home/me"]) { path in
///   path == "/home/me/.todo/config" ? "export TODO_DIR=\"$HOME/todo\"\n" : nil
/// }
/// settings.todoDir  // "/home/me/todo"
/// ```
public struct TodoShSettings: Equatable, Sendable {
  /// todo.sh's folder: `$TODO_DIR` when set and not empty, else the config file's.
  public var todoDir: String?
  /// todo.sh's done file as its config file sets it (`$DONE_FILE` itself is read by
  /// `DoneFileLocation`).
  public var doneFile: String?
  /// The todo.sh config file that was read, if any.
  public var configFile: String?

  public init(todoDir: String? = nil, doneFile: String? = nil, configFile: String? = nil) {
    self.todoDir = todoDir
    self.doneFile = doneFile
    self.configFile = configFile
  }

  /// Reads the environment and the first todo.sh config file that exists; `readFile` returns
  /// a file's text, nil when there is no such file (or it cannot be read).
  ///
  /// ```swift
  /// TodoShSettings.read(environment: ProcessEnvironment.current())
  /// ```
  public static func read(
    environment: [String: String],
    readFile: (String) -> String? = FileSystem.text(of:)
  ) -> TodoShSettings {
    let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
    let fromEnvironment = environment["TODO_DIR"].flatMap { $0.isEmpty ? nil : $0 }
    var settings = TodoShSettings(todoDir: fromEnvironment)
    for path in configFiles(environment: environment, home: home) {
      guard let text = readFile(path) else { continue }
      var variables = parse(text, home: home, todoDir: fromEnvironment)
      if fromEnvironment != nil { variables["TODO_DIR"] = nil }
      settings.configFile = path
      settings.todoDir = fromEnvironment ?? variables["TODO_DIR"]
      settings.doneFile = variables["DONE_FILE"]
      break
    }
    return settings
  }

  /// The places todo.sh looks for its config file, in its order.
  static func configFiles(environment: [String: String], home: String?) -> [String] {
    var files: [String] = []
    if let given = environment["TODOTXT_CFG_FILE"], !given.isEmpty { files.append(given) }
    guard let home else { return files }
    files += [home + "/.todo/config", home + "/.todo.cfg"]
    let xdg = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
    files.append((xdg ?? home + "/.config") + "/todo/config")
    return files
  }

  /// The values of `TODO_DIR` and `DONE_FILE` that a config file's lines set, the last line
  /// winning, as the shell would leave them (`todoDir`: `$TODO_DIR` before the file runs).
  ///
  /// ```swift
  /// TodoShSettings.parse("export TODO_DIR=~/todo\n", home: "/h", todoDir: nil)
  /// // ["TODO_DIR": "/h/todo"]
  /// ```
  static func parse(_ text: String, home: String?, todoDir: String?) -> [String: String] {
    var variables: [String: String] = [:]
    for line in text.split(whereSeparator: \.isNewline) {
      var rest = line.drop(while: { $0 == " " || $0 == "\t" })
      if rest.hasPrefix("export ") || rest.hasPrefix("export\t") {
        rest = rest.dropFirst(7).drop(while: { $0 == " " || $0 == "\t" })
      }
      guard let equals = rest.firstIndex(of: "=") else { continue }
      let name = String(rest[..<equals])
      guard name == "TODO_DIR" || name == "DONE_FILE" else { continue }
      let dir = todoDir ?? variables["TODO_DIR"]
      guard
        let value = expand(
          rest[rest.index(after: equals)...], home: home,
          todoDir: name == "DONE_FILE" ? dir : nil),
        !value.isEmpty
      else { continue }
      variables[name] = value
    }
    return variables
  }

  /// The value of one assignment: unquoted, `"quoted"` (expanded) or `'quoted'` (as it is),
  /// up to a ` #` comment; nil when it needs more of the shell than this reads.
  static func expand(_ raw: Substring, home: String?, todoDir: String?) -> String? {
    var value = raw.trimmingWhitespace()
    if let hash = value.firstRange(ofText: " #") { value = String(value[..<hash.lowerBound]) }
    value = value.trimmingWhitespace()
    if value.count >= 2, value.hasPrefix("'"), value.hasSuffix("'") {
      let inner = String(value.dropFirst().dropLast())
      return inner.contains("'") ? nil : inner
    }
    let wasQuoted = value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"")
    if wasQuoted { value = String(value.dropFirst().dropLast()) }
    if value.contains("\"") || value.contains("'") || value.contains("`") { return nil }
    if !wasQuoted, value == "~" || value.hasPrefix("~/") {
      guard let home else { return nil }
      value = home + value.dropFirst()
    }
    var known: [(String, String?)] = [("HOME", home)]
    if let todoDir { known.append(("TODO_DIR", todoDir)) }
    for (name, replacement) in known {
      guard let expanded = replacingVariable(name, in: value, with: replacement) else {
        return nil
      }
      value = expanded
    }
    // Anything else the shell would expand or run is more than this reads.
    return value.contains("$") || value.contains("\\") ? nil : value
  }
  /// `value` with `$name` and `${name}` (not `$nameMORE`) replaced by `replacement`; nil when
  /// it names the variable and there is no replacement.
  ///
  /// ```swift
  /// TodoShSettings.replacingVariable("HOME", in: "${HOME}/t:$HOMEDIR", with: "/h")
  /// // "/h/t:$HOMEDIR"
  /// ```
  static func replacingVariable(_ name: String, in value: String, with replacement: String?)
    -> String?
  {
    var result = ""
    var rest = Substring(value)
    while let dollar = rest.firstIndex(of: "$") {
      result += rest[..<dollar]
      let after = rest[rest.index(after: dollar)...]
      let length: Int? =
        if after.hasPrefix("{\(name)}") {
          name.count + 2
        } else if after.hasPrefix(name),
          !(after.dropFirst(name.count).first.map(isNameCharacter) ?? false)
        {
          name.count
        } else {
          nil
        }
      guard let length else {
        result.append("$")
        rest = after
        continue
      }
      guard let replacement else { return nil }
      result += replacement
      rest = after.dropFirst(length)
    }
    return result + rest
  }

  /// A letter, digit or `_` of ASCII: what a shell variable's name is made of.
  private static func isNameCharacter(_ character: Character) -> Bool {
    character == "_" || (character.isASCII && (character.isLetter || character.isNumber))
  }
}
