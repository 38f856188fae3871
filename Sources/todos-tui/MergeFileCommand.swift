// `todos-tui merge-file`: the app's line merge for git (a merge driver) and for a sync client's
// conflict copy, run without the app. `--print-git-setup` prints how to set git up.

import CommandLineSpec
import TodoTxt
import TodosFeature

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `todos-tui merge-file BASE OURS THEIRS` (git's merge driver) and
/// `todos-tui merge-file --into FILE OTHER` (a sync client's conflict copy).
///
/// ```swift
/// MergeFileCommand(parseOrExit(MergeFileCommand.spec, ["base", "ours", "theirs"])).run()  // 0
/// ```
struct MergeFileCommand {
  /// The first argument that selects this command: `todos-tui merge-file …`.
  static let name = "merge-file"

  /// What `todos-tui --print-git-setup` prints: the `.gitattributes` line and the driver.
  ///
  /// ```sh
  /// todos-tui --print-git-setup | sh   # in the repository
  /// ```
  static let gitSetup = """
    echo 'todo.txt merge=todotxt' >> .gitattributes
    git config merge.todotxt.driver "todos-tui merge-file %O %A %B"

    """

  static let spec = CommandSpec(
    name: "todos-tui merge-file",
    abstract: "Merge two versions of a todo.txt file line by line, keeping every change.",
    discussion: """
      With three files (git's merge driver, %O %A %B): the changes from BASE to OURS and from \
      BASE to THEIRS are merged as the app merges another writer's changes, and the result \
      replaces OURS. A todo changed differently on both sides is kept twice, OURS's version \
      first. The exit status is 0 unless a file is not text: then nothing is written.

      With --into FILE OTHER (a sync client's conflict copy): every line of both, identical \
      lines once (a todo that differs slightly kept twice, FILE's version first), replaces \
      FILE, under FILE's lock as the app saves it; for done.txt, OTHER's lines it lacks are \
      added once. OTHER is then moved (never deleted) to $XDG_STATE_HOME/todos-tui/merged/.

      Set git up with: todos-tui --print-git-setup. See docs/sync.md.
      """,
    arguments: [
      .option(
        "into", valueName: "FILE", help: "Merge OTHER into this file, keeping every line of both.",
        files: true),
      .positional(
        "files", help: "BASE OURS THEIRS, or OTHER with --into.", files: true, repeating: true),
    ])

  var into: String?
  var files: [String]

  init(_ parsed: ParsedArguments) {
    into = parsed.value("into")
    files = parsed.positionals
  }

  /// Whether the files fit the mode: three without --into, one with it.
  func validate() throws(UsageError) {
    if into != nil, files.count != 1 {
      throw .invalid("With --into FILE, give one other file: --into todo.txt OTHER.")
    }
    if into == nil, files.count != 3 {
      throw .invalid("Give three files, BASE OURS THEIRS (git's %O %A %B).")
    }
  }

  /// Merges; returns the exit status (64 when the files do not fit, having said so).
  func run() -> Int32 {
    do throws(UsageError) {
      try validate()
    } catch {
      exitWithUsageError(Self.spec, error)
    }
    let (into, files) = (into, files)
    do {
      if let into {
        print(try MainActor.assumeIsolated { try Self.mergeInto(into, other: files[0]) })
      } else {
        let result = try MainActor.assumeIsolated {
          try Self.mergeThree(base: files[0], ours: files[1], theirs: files[2])
        }
        let both = result.summary.changedOnBothSides
        if both > 0 {
          printError(
            "todos-tui merge-file: \(both) \(both == 1 ? "todo" : "todos") changed on both "
              + "sides: both versions kept, ours first; delete the one you do not want.")
        }
      }
    } catch let error as MergeFileError {
      printError(error.description)
      return 1
    } catch {
      printError("todos-tui merge-file: \(error)")
      return 1
    }
    return 0
  }

  /// Merges THEIRS into OURS over BASE and replaces OURS when that changes it.
  @MainActor
  static func mergeThree(
    base: String, ours: String, theirs: String
  ) throws(MergeFileError) -> TodoTxtMergeResult {
    var inputs: [MergeFile.Input] = []
    for (role, path) in [("BASE", base), ("OURS", ours), ("THEIRS", theirs)] {
      do throws(FileError) {
        inputs.append(MergeFile.Input(role: role, path: path, bytes: try MergeFile.read(path)))
      } catch {
        throw .file(role: role, error)
      }
    }
    let result = try MergeFile.merge(base: inputs[0], ours: inputs[1], theirs: inputs[2])
    guard result.bytes != inputs[1].bytes else { return result }
    do throws(FileError) {
      try MergeFile.replace(ours, with: result.bytes)
    } catch {
      throw .file(role: "OURS", error)
    }
    return result
  }

  /// Merges `other` into `path` under its lock, then moves `other` to the merged copies'
  /// folder; what was done, in one line. done.txt takes the union of both.
  @MainActor
  static func mergeInto(
    _ path: String, other: String,
    environment: [String: String] = ProcessEnvironment.current()
  ) throws(MergeFileError) -> String {
    let absolute =
      path.hasPrefix("/") ? path : FileSystem.currentDirectory() + "/" + path
    guard let folder = MergedCopies.folder(environment: environment) else {
      throw .file(
        role: "OTHER", .io(other, errno: ENOENT, message: "No state folder: HOME is not set"))
    }
    let merged = try ConflictCopies.merge(
      other, into: FileClient.live(path: absolute),
      done: PathComponents.lastComponent(of: path) == "done.txt", mergedFolder: folder)
    let name = merged.copy?.description ?? other
    return "Merged \(name) into \(path): \(merged.counts.phrase); the copy is now "
      + "\(merged.movedTo)."
  }
}
