import Foundation
import Testing
import TodosFeatureTestSupport

/// The built app's command line as a user meets it: the help of each command, usage errors
/// with exit status 64, the version.
@Suite struct CommandLineTests {
  @Test func aMisspeltOptionIsAUsageErrorNamingTheClosest() throws {
    let app = try AppTerminalTests.appBinary()
    let folder = try TemporaryFolder()
    let result = try MergeFileCommandTests.run(app, ["--fil"], in: folder.path)
    #expect(result.status == 64)
    #expect(
      result.error.hasPrefix(
        "Error: Unknown option '--fil'. Did you mean '--file'?\nUsage: todos-tui [<file>] "))
    #expect(result.error.hasSuffix("\n  See 'todos-tui --help' for more information.\n"))
    #expect(result.output.isEmpty)
  }

  @Test func aMissingValueShowsTheOptionsHelp() throws {
    let app = try AppTerminalTests.appBinary()
    let folder = try TemporaryFolder()
    let result = try MergeFileCommandTests.run(app, ["--done-file"], in: folder.path)
    #expect(result.status == 64)
    #expect(result.error.hasPrefix("Error: Missing value for '--done-file <PATH>'\nHelp:  "))
  }

  @Test func eachCommandHasItsHelpAndTheAppItsVersion() throws {
    let app = try AppTerminalTests.appBinary()
    let folder = try TemporaryFolder()
    let merge = try MergeFileCommandTests.run(app, ["merge-file", "-h"], in: folder.path)
    #expect(merge.status == 0)
    #expect(merge.output.hasPrefix("OVERVIEW: Merge two versions of a todo.txt file"))
    #expect(merge.output.contains("USAGE: todos-tui merge-file [--into <FILE>] [<files> ...]"))
    let doctor = try MergeFileCommandTests.run(app, ["doctor", "--help"], in: folder.path)
    #expect(doctor.status == 0)
    #expect(
      doctor.output.contains(
        "OPTIONS:\n  --file <file>           The todo.txt file.\n"
          + "  --done-file <PATH>      done.txt.\n  --config <PATH>         The config file.\n"
          + "  -h, --help              Show help information.\n"))
    let version = try MergeFileCommandTests.run(app, ["--version"], in: folder.path)
    #expect(version.status == 0 && version.output == "0.1.0\n")
  }

  @Test func aSubcommandRejectsAnUnknownOptionBeforeCountingItsFiles() throws {
    let app = try AppTerminalTests.appBinary()
    let folder = try TemporaryFolder()
    let result = try MergeFileCommandTests.run(app, ["merge-file", "--zz"], in: folder.path)
    #expect(result.status == 64)
    #expect(result.error.hasPrefix("Error: Unknown option '--zz'\n"))
    #expect(result.error.contains("See 'todos-tui merge-file --help'"))
  }
}
