import CommandLineSpec
import Testing

/// A small command like the app's: a file, options with values, flags, a hidden rest.
let sample = CommandSpec(
  name: "tool", abstract: "Does things to a file.", discussion: "First paragraph.\n\nSecond.",
  version: "1.2.3",
  arguments: [
    .positional("file", help: "The file.", files: true),
    .positional("file", help: "More files.", files: true, repeating: true, hidden: true),
    .option("file", valueName: "file", help: "The file (same as FILE).", files: true),
    .option("config", valueName: "PATH", help: "The config file.", files: true),
    .flag("no-mouse", help: "No mouse."),
  ],
  subcommands: [
    CommandSpec(
      name: "tool sub", abstract: "A subcommand.",
      arguments: [.option("into", valueName: "FILE", help: "Into this.", files: true)])
  ],
  firstWords: [.init("add", help: "add TEXT... · Add a todo.")])

/// The parser: options with `=` or the next word, flags, `--`, repeats, errors.
@Suite struct ParserTests {
  func parsed(_ words: [String]) throws -> ParsedArguments {
    guard case .parsed(let parsed) = sample.parse(words) else {
      Issue.record("\(words) did not parse: \(sample.parse(words))")
      throw CancellationError()
    }
    return parsed
  }

  @Test func optionsTakeTheNextWordOrWhatFollowsTheEqualsSign() throws {
    #expect(
      try parsed(["--file", "a.txt", "--config=c.toml", "--no-mouse", "b.txt"])
        == ParsedArguments(
          values: ["file": ["a.txt"], "config": ["c.toml"]], flags: ["no-mouse"],
          positionals: ["b.txt"]))
  }

  @Test func theLastRepeatedOptionWins() throws {
    let result = try parsed(["--file", "a", "--file=b"])
    #expect(result.values["file"] == ["a", "b"])
    #expect(result.value("file") == "b")
  }

  @Test func doubleDashEndsTheOptions() throws {
    #expect(
      try parsed(["x", "--", "--no-mouse", "-h"])
        == ParsedArguments(positionals: ["x", "--no-mouse", "-h"]))
    #expect(try parsed(["-"]) == ParsedArguments(positionals: ["-"]))
  }

  @Test func helpAndVersionWinWherever() {
    #expect(sample.parse(["--bad", "-h"]) == .help)
    #expect(sample.parse(["a", "--help"]) == .help)
    #expect(sample.parse(["--version"]) == .version)
    #expect(sample.parse(["--", "--help"]) == .parsed(ParsedArguments(positionals: ["--help"])))
    // A command without a version does not know --version.
    #expect(
      sample.subcommands[0].parse(["--version"])
        == .failed(.unknownOption("--version", suggestion: nil)))
  }

  @Test func aMissingValueIsAnError() {
    let missing = UsageError.missingValue(
      label: "--config <PATH>", help: "The config file.")
    #expect(sample.parse(["--config"]) == .failed(missing))
    #expect(sample.parse(["--config", "--no-mouse"]) == .failed(missing))
    #expect(sample.parse(["--config="]) == .failed(missing))
  }

  @Test func anUnknownOptionSuggestsTheClosest() {
    #expect(sample.parse(["--confg"]) == .failed(.unknownOption("--confg", suggestion: "--config")))
    #expect(sample.parse(["--zzzzzz"]) == .failed(.unknownOption("--zzzzzz", suggestion: nil)))
    #expect(sample.parse(["-x"]) == .failed(.unknownOption("-x", suggestion: nil)))
    #expect(
      UsageError.unknownOption("--confg", suggestion: "--config").message
        == "Unknown option '--confg'. Did you mean '--config'?")
  }

  @Test func aFlagTakesNoValue() {
    #expect(
      sample.parse(["--no-mouse=yes"])
        == .failed(.unexpectedValue(option: "--no-mouse", value: "yes")))
  }

  @Test func extraPositionalsAreAnErrorWithoutARepeatingOne() {
    let sub = sample.subcommands[0]
    #expect(sub.parse(["x"]) == .failed(.unexpectedArgument("x")))
    #expect(
      sub.parse(["--into", "a"]) == .parsed(ParsedArguments(values: ["into": ["a"]])))
  }

  @Test func theErrorTextHasTheUsageAndWhereTheHelpIs() {
    #expect(
      sample.errorText(.missingValue(label: "--config <PATH>", help: "The config file."))
        == """
        Error: Missing value for '--config <PATH>'
        Help:  --config <PATH>  The config file.
        Usage: tool [<file>] [--file <file>] [--config <PATH>] [--no-mouse]
          See 'tool --help' for more information.
        """)
  }
}
