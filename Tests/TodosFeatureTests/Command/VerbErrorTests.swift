import Foundation
import Testing
import TodosFeatureTestSupport

@testable import TodosFeature

/// Every verb's errors through the built `todos-tui`: a line number that is not a todo (exit
/// 1), a missing or wrong argument, an unknown option or verb (exit 64). Each prints one line on
/// standard error naming the problem and how to fix it, nothing on standard output, and leaves
/// the file as it was (same bytes, same version) and done.txt unmade.
@Suite struct VerbErrorTests {
  /// A verb's wrong command line: its exit status and words the error must hold.
  struct Case: CustomStringConvertible {
    var verb: TodoCommand.Verb?
    var arguments: [String]
    var status: Int32
    var names: String

    init(_ verb: TodoCommand.Verb?, _ arguments: [String], _ status: Int32, _ names: String) {
      (self.verb, self.arguments, self.status, self.names) = (verb, arguments, status, names)
    }

    var description: String { arguments.joined(separator: " ") }
  }

  /// Line 1 is active, line 2 a comment, line 3 completed; there is no line 4.
  static let original = "Call Mom\n# note\nx 2026-11-20 Milk\n"

  static let cases: [Case] = [
    Case(.add, ["add"], 64, "add: no text given. To fix, use: todos-tui add TEXT..."),
    Case(.add, ["add", "--force", "x"], 64, "unknown option “--force”"),
    Case(.ls, ["ls", "due:<=banana"], 64, "ls: Not a date: “banana” in due:<=banana."),
    Case(.ls, ["ls", "+work", "is:foo"], 64, "ls: Not a state: “foo” in is:foo."),
    Case(.ls, ["ls", "a||b"], 64, "ls: Empty alternative: “a||b”."),
    Case(.do, ["do"], 64, "do: no line number given. To fix, use: todos-tui do N..."),
    Case(.do, ["do", "x"], 64, "do: “x” is not a line number."),
    Case(.do, ["do", "2"], 1, "do: line 2 of "),
    Case(.do, ["do", "1", "4"], 1, "do: line 4 of "),
    Case(.do, ["do", "3"], 1, "do: the todo on line 3 is already done."),
    Case(.undo, ["undo"], 64, "undo: no line number given."),
    Case(.undo, ["undo", "4"], 1, "undo: line 4 of "),
    Case(.undo, ["undo", "1"], 1, "undo: the todo on line 1 is already active."),
    Case(.pri, ["pri"], 64, "pri: a line number and a letter are needed."),
    Case(.pri, ["pri", "1"], 64, "pri: a line number and a letter are needed."),
    Case(.pri, ["pri", "1", "AB"], 64, "pri: “AB” is not a priority"),
    Case(.pri, ["pri", "2", "A"], 1, "pri: line 2 of "),
    Case(.depri, ["depri"], 64, "depri: no line number given."),
    Case(.depri, ["depri", "0"], 64, "depri: “0” is not a line number."),
    Case(.depri, ["depri", "4"], 1, "depri: line 4 of "),
    Case(.del, ["del"], 64, "del: no line number given."),
    Case(.del, ["del", "1", "2"], 1, "del: line 2 of "),
    Case(.postpone, ["postpone"], 64, "postpone: a line number and a date are needed."),
    Case(.postpone, ["postpone", "1"], 64, "postpone: a line number and a date are needed."),
    Case(.postpone, ["postpone", "1", "whenever"], 64, "postpone: “whenever” is not a date. "),
    Case(.postpone, ["postpone", "2", "3d"], 1, "postpone: line 2 of "),
    Case(.modify, ["modify"], 64, "modify: a line number and words are needed."),
    Case(.modify, ["modify", "1"], 64, "modify: a line number and words are needed."),
    Case(.modify, ["modify", "1", "due:zz"], 64, "modify: “zz” is not a date. "),
    Case(.modify, ["modify", "4", "+work"], 1, "modify: line 4 of "),
    Case(.archive, ["archive", "now"], 64, "archive: it takes no arguments."),
    Case(.lists, ["lists", "all"], 64, "lists: it takes no arguments."),
    Case(
      nil, ["frobnicate"], 64,
      "“frobnicate” is not a verb nor a file. To fix, use one of "
        + TodoCommand.Verb.allCases.map(\.rawValue).joined(separator: ", ")),
    Case(nil, ["ad", "Call", "Mom"], 64, "“ad” is not a verb nor a file."),
  ]

  @Test func everyErrorIsOneLineWithAFixAndWritesNothing() throws {
    let folder = try TemporaryFolder()
    let app = try AppTerminalTests.appBinary()
    try folder.write("", to: "config.toml")
    try folder.write(Self.original)
    let before = try Self.version(folder.file())
    for error in Self.cases {
      let result = try MergeFileCommandTests.run(
        app, ["--file", "todo.txt"] + error.arguments, in: folder.path,
        environment: ["TODOS_TUI_CONFIG": folder.file("config.toml")])
      #expect(result.status == error.status, "\(error): \(result.error)")
      #expect(result.error.contains(error.names), "\(error): \(result.error)")
      #expect(
        result.error.components(separatedBy: "To fix").count == 2,
        "\(error) should say once how to fix it: \(result.error)")
      #expect(
        result.error.hasSuffix("\n") && result.error.dropLast().contains("\n") == false,
        "\(error) should print one line: \(result.error)")
      #expect(result.output.isEmpty, "\(error) printed \(result.output)")
      #expect(MergeFileCommandTests.read(folder.file()) == Self.original, "\(error)")
      #expect(try Self.version(folder.file()) == before, "\(error) rewrote the file")
      #expect(!FileManager.default.fileExists(atPath: folder.file("done.txt")), "\(error)")
    }
  }

  /// A verb added without its errors tested fails here: each verb has a usage error, and each
  /// verb that takes a line number has one for a line that is not a todo.
  @Test func everyVerbHasItsErrorsTested() {
    for verb in TodoCommand.Verb.allCases {
      #expect(
        Self.cases.contains { $0.verb == verb && $0.status == 64 },
        "no usage error tested for \(verb.rawValue)")
      if verb.usage.split(separator: " ").contains(where: { $0 == "N" || $0 == "N..." }) {
        #expect(
          Self.cases.contains { $0.verb == verb && $0.status == 1 },
          "no line-that-is-not-a-todo error tested for \(verb.rawValue)")
      }
    }
    #expect(Self.cases.contains { $0.verb == nil && $0.status == 64 })
  }

  /// The file's inode, size and modification time.
  static func version(_ path: String) throws -> [String] {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return [
      "\(attributes[.systemFileNumber] ?? "")", "\(attributes[.size] ?? "")",
      "\((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)",
    ]
  }
}
