import Foundation
import Testing
import TodosFeatureTestSupport

@testable import TodoTxt

/// A todo.sh user's files: `TODO_DIR` and `DONE_FILE` from the environment or from the config
/// file todo.sh reads, below `FILE`, `--file` and `$TODO_FILE`, above the app's own default.
@Suite struct TodoShSettingsTests {
  /// todo.sh's config files, as `TodoShSettings.read` finds them.
  private func read(
    _ environment: [String: String], files: [String: String]
  ) -> TodoShSettings {
    TodoShSettings.read(environment: environment) { files[$0] }
  }

  private func resolve(
    _ environment: [String: String], files: [String: String] = [:], argument: String? = nil
  ) throws -> TodoFileLocation {
    try TodoFileLocation.resolve(
      argument: argument, fileOption: nil, environment: environment, currentDirectory: "/work",
      todoSh: read(environment, files: files))
  }

  private let home = ["HOME": "/home/me"]

  @Test func todoDirFromTheEnvironment() throws {
    let location = try resolve(["HOME": "/home/me", "TODO_DIR": "/home/me/Dropbox/todo"])
    #expect(location == .init(path: "/home/me/Dropbox/todo/todo.txt", source: .todoDir))
  }

  @Test(arguments: [
    "/home/me/.todo/config", "/home/me/.todo.cfg", "/home/me/.config/todo/config",
  ])
  func todoDirFromEachConfigFile(_ configFile: String) throws {
    let files = [configFile: "export TODO_DIR=\"$HOME/todo\"\n"]
    #expect(
      try resolve(home, files: files) == .init(path: "/home/me/todo/todo.txt", source: .todoDir))
  }

  @Test func xdgConfigHomeMovesTheThirdPlace() throws {
    let env = ["HOME": "/home/me", "XDG_CONFIG_HOME": "/cfg"]
    let files = ["/cfg/todo/config": "export TODO_DIR=/srv/todo\n"]
    #expect(try resolve(env, files: files).path == "/srv/todo/todo.txt")
    #expect(read(env, files: files).configFile == "/cfg/todo/config")
  }

  /// todo.sh reads only the first config file that exists.
  @Test func onlyTheFirstConfigFileCounts() {
    let files = [
      "/home/me/.todo/config": "# nothing about folders\n",
      "/home/me/.todo.cfg": "export TODO_DIR=/elsewhere\n",
    ]
    #expect(read(home, files: files) == TodoShSettings(configFile: "/home/me/.todo/config"))
  }

  @Test func homeTildeAndBracesAreExpandedAndNothingElse() {
    let cases: [(String, String?)] = [
      ("export TODO_DIR=$HOME/todo", "/home/me/todo"),
      ("export TODO_DIR=\"${HOME}/todo\"", "/home/me/todo"),
      ("export TODO_DIR=~/todo", "/home/me/todo"),
      ("  TODO_DIR='/srv/my todo'   # a comment", "/srv/my todo"),
      ("export TODO_DIR=$(dirname \"$0\")", nil),
      ("export TODO_DIR=$HOMEDIR/todo", nil),
      ("export TODO_DIR=${TODO_DIR:-$HOME/todo}", nil),
      ("export TODO_DIR=`pwd`", nil),
      ("export TODO_DIRS=/x", nil),
      ("echo TODO_DIR=/x", nil),
    ]
    for (line, expected) in cases {
      let settings = read(home, files: ["/home/me/.todo/config": line + "\n"])
      #expect(settings.todoDir == expected, "\(line)")
    }
  }

  /// The environment wins over the config file, as `$DONE_FILE` wins over config.toml.
  @Test func theEnvironmentWinsOverTheConfigFile() {
    let env = ["HOME": "/home/me", "TODO_DIR": "/env/todo"]
    let files = [
      "/home/me/.todo/config":
        "export TODO_DIR=/cfg/todo\nexport DONE_FILE=\"$TODO_DIR/done.txt\"\n"
    ]
    #expect(
      read(env, files: files)
        == TodoShSettings(
          todoDir: "/env/todo", doneFile: "/env/todo/done.txt",
          configFile: "/home/me/.todo/config"))
  }

  /// The order of precedence: FILE, `$TODO_FILE`, `TODO_DIR`, the app's default.
  @Test func precedence() throws {
    let files = ["/home/me/.todo/config": "export TODO_DIR=/cfg/todo\n"]
    var env = ["HOME": "/home/me", "TODO_FILE": "/env/todo.txt"]
    #expect(try resolve(env, files: files, argument: "mine.txt").path == "/work/mine.txt")
    #expect(try resolve(env, files: files).path == "/env/todo.txt")
    env["TODO_FILE"] = nil
    #expect(try resolve(env, files: files).path == "/cfg/todo/todo.txt")
    #expect(
      try resolve(env)
        == .init(path: "/home/me/.local/share/todos-tui/todo.txt", source: .defaultLocation))
  }

  /// todo.sh's standard config: `DONE_FILE="$TODO_DIR/done.txt"`.
  @Test func theDoneFileFollowsTodoShsConfig() throws {
    let files = [
      "/home/me/.todo/config": """
      export TODO_DIR="$HOME/todo"
      export TODO_FILE="$TODO_DIR/todo.txt"
      export DONE_FILE="$TODO_DIR/archive.txt"

      """
    ]
    let settings = read(home, files: files)
    #expect(settings.doneFile == "/home/me/todo/archive.txt")
    let done = try DoneFileLocation.resolve(
      option: nil, environment: home, currentDirectory: "/work",
      todoFile: "/home/me/todo/todo.txt", todoSh: settings.doneFile, realPath: { _ in nil })
    #expect(done == .init(path: "/home/me/todo/archive.txt", source: .todoShConfig))
  }

  /// `--done-file`, `$DONE_FILE` and config.toml's `done_file` come first.
  @Test func theDoneFilesPrecedence() throws {
    func resolve(option: String?, env: [String: String], configured: String?) throws -> String {
      try DoneFileLocation.resolve(
        option: option, environment: env, currentDirectory: "/work",
        todoFile: "/home/me/todo/todo.txt", configured: configured,
        todoSh: "/home/me/todo/sh-done.txt", realPath: { _ in nil }
      ).path
    }
    let env = ["HOME": "/home/me", "DONE_FILE": "/env/done.txt"]
    #expect(try resolve(option: "/o.txt", env: env, configured: "c.txt") == "/o.txt")
    #expect(try resolve(option: nil, env: env, configured: "c.txt") == "/env/done.txt")
    #expect(try resolve(option: nil, env: home, configured: "c.txt") == "/home/me/todo/c.txt")
    #expect(try resolve(option: nil, env: home, configured: nil) == "/home/me/todo/sh-done.txt")
  }

  /// The real files: `~/.todo.cfg` in a home folder of its own.
  @Test func readsTheConfigFileOnDisk() throws {
    let folder = try TemporaryFolder()
    try folder.write("# todo.sh\nexport TODO_DIR=\"${HOME}/todo\"\n", to: ".todo.cfg")
    let settings = TodoShSettings.read(environment: ["HOME": folder.path])
    #expect(
      settings
        == TodoShSettings(todoDir: folder.path + "/todo", configFile: folder.file(".todo.cfg")))
  }

  @Test func noHomeNoConfigFiles() {
    #expect(TodoShSettings.configFiles(environment: [:], home: nil).isEmpty)
    #expect(
      TodoShSettings.configFiles(environment: ["TODOTXT_CFG_FILE": "/my/cfg"], home: "/h")
        == ["/my/cfg", "/h/.todo/config", "/h/.todo.cfg", "/h/.config/todo/config"])
  }
}

/// `$NAME` and `${NAME}` expanded by hand, as the regular expression did before.
@Suite struct TodoShVariableTests {
  @Test func replacingVariable() {
    let cases: [(String, String?, String?)] = [
      ("$HOME/a:${HOME}/b", "/h", "/h/a:/h/b"),
      ("$HOMEDIR/x", "/h", "$HOMEDIR/x"),
      ("$HOME_X/x", "/h", "$HOME_X/x"),
      ("$HOME1", "/h", "$HOME1"),
      ("$HOME-x/$HOMEé", "/h", "/h-x//hé"),
      ("$$HOME", "/h", "$/h"),
      ("${HOME", "/h", "${HOME"),
      ("/srv/todo", nil, "/srv/todo"),
      ("$HOME/todo", nil, nil),
      ("$HOME", "/h/$1\\0&", "/h/$1\\0&"),
      ("$TODO_DIR/done.txt", "/t", "$TODO_DIR/done.txt"),
    ]
    for (value, replacement, expected) in cases {
      #expect(
        TodoShSettings.replacingVariable("HOME", in: value, with: replacement) == expected,
        "\(value)")
    }
  }
}
