import CommandLineSpec
import Foundation
import Testing

/// The help, the dump and the completion scripts, all read from the one spec.
@Suite struct OutputTests {
  @Test func theHelpListsTheShownArgumentsWrapped() {
    // The help column is 20 wide at least.
    let help = sample.help(width: 40)
    #expect(
      help == """
        OVERVIEW: Does things to a file.

        First paragraph.

        Second.

        USAGE: tool [<file>] [--file <file>] [--config <PATH>] [--no-mouse]

        ARGUMENTS:
          <file>                  The file.

        OPTIONS:
          --file <file>           The file (same as
                                  FILE).
          --config <PATH>         The config file.
          --no-mouse              No mouse.
          --version               Show the version.
          -h, --help              Show help
                                  information.

        """)
  }

  @Test func aLongLabelPutsItsHelpOnTheNextLine() {
    let spec = CommandSpec(
      name: "t", abstract: "A.",
      arguments: [.option("a-very-long-option", valueName: "VALUE", help: "Long.")])
    #expect(
      spec.help().contains("  --a-very-long-option <VALUE>\n                          Long.\n"))
  }

  @Test func theDumpIsJSONWithWhatTheManPageReads() throws {
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(sample.dumpJSON().utf8)) as? [String: Any])
    let command = try #require(json["command"] as? [String: Any])
    #expect(command["commandName"] as? String == "tool")
    #expect(command["abstract"] as? String == "Does things to a file.")
    #expect(command["discussion"] as? String == "First paragraph.\n\nSecond.")
    #expect(command["version"] as? String == "1.2.3")
    let arguments = try #require(command["arguments"] as? [[String: Any]])
    #expect(
      arguments.map { $0["kind"] as? String } == [
        "positional", "positional", "option", "option", "flag", "flag", "flag",
      ])
    #expect(
      arguments.map { $0["shouldDisplay"] as? Bool } == [
        true, false, true, true, true, true, true,
      ])
    let help = arguments[6]
    #expect(
      help["names"] as? [[String: String]] == [
        ["kind": "short", "name": "h"], ["kind": "long", "name": "help"],
      ])
    #expect(arguments[3]["valueName"] as? String == "PATH")
    let subcommands = try #require(command["subcommands"] as? [[String: Any]])
    #expect(subcommands.first?["commandName"] as? String == "tool sub")
  }

  @Test func theScriptsNameEveryOptionTheChoicesAndTheSubcommands() {
    let bash = sample.completionScript(for: .bash)
    #expect(bash.contains("_tool() {"))
    #expect(bash.contains("compgen -W $'add'"))
    #expect(
      bash.contains("if [[ $COMP_CWORD -eq 1 ]]; then\n        COMPREPLY+=($(compgen -W $'sub'"))
    #expect(bash.contains("--file|--config)\n        COMPREPLY=($(compgen -f"))
    #expect(bash.contains("complete -o filenames -o bashdefault -F _tool tool"))
    let zsh = sample.completionScript(for: .zsh)
    #expect(zsh.hasPrefix("#compdef tool\n"))
    #expect(zsh.contains("'--config[The config file.]:PATH:_files'"))
    #expect(zsh.contains("'(-h --help)'{-h,--help}'[Show help information.]'"))
    #expect(zsh.contains("'add:add TEXT... · Add a todo.'"))
    #expect(zsh.contains("'sub:A subcommand.'"))
    #expect(zsh.contains("'--into[Into this.]:FILE:_files'"))
    let fish = sample.completionScript(for: .fish)
    #expect(fish.contains("-l 'config' -d 'The config file.' -rF"))
    #expect(fish.contains("-s 'h' -l 'help'"))
    #expect(fish.contains("-fa 'add' -d 'add TEXT... · Add a todo.'"))
    #expect(fish.contains("-n '__tool_command sub' -l 'into' -d 'Into this.' -rF"))
  }

  @Test func helpTextsAreQuotedForEachShell() {
    let spec = CommandSpec(
      name: "t", abstract: "A.",
      arguments: [.flag("x", help: "It's [odd]: yes.")],
      firstWords: [.init("w", help: "w [N]: it's")])
    #expect(spec.completionScript(for: .zsh).contains("'--x[It'\\''s \\[odd\\]\\: yes.]'"))
    #expect(spec.completionScript(for: .fish).contains("-d 'It\\'s [odd]: yes.'"))
    // _describe reads only the colon.
    #expect(spec.completionScript(for: .zsh).contains("'w:w [N]\\: it'\\''s'"))
  }
}
