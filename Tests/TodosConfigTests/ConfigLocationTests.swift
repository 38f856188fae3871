import Foundation
import Testing

@testable import TodosConfig

@Suite struct ConfigLocationTests {
  let home = ["HOME": "/home/me"]

  @Test func optionWinsOverEverything() {
    let environment = home.merging(
      ["TODOS_TUI_CONFIG": "/env/c.toml", "XDG_CONFIG_HOME": "/xdg"]) { $1 }
    let location = ConfigLocation.resolve(
      option: "my.toml", environment: environment, currentDirectory: "/work")
    #expect(location == ConfigLocation(path: "/work/my.toml", source: .option))
  }

  @Test func environmentVariableWinsOverXDG() {
    let environment = home.merging(
      ["TODOS_TUI_CONFIG": "~/c.toml", "XDG_CONFIG_HOME": "/xdg"]) { $1 }
    let location = ConfigLocation.resolve(
      option: nil, environment: environment, currentDirectory: "/work")
    #expect(location == ConfigLocation(path: "/home/me/c.toml", source: .environment))
  }

  @Test func xdgConfigHome() {
    let location = ConfigLocation.resolve(
      option: "", environment: home.merging(["XDG_CONFIG_HOME": "/xdg/"]) { $1 },
      currentDirectory: "/")
    #expect(
      location == ConfigLocation(path: "/xdg/todos-tui/config.toml", source: .defaultLocation))
  }

  @Test(arguments: [nil, "", "relative/dir"])
  func homeWhenXDGIsUnsetEmptyOrRelative(xdg: String?) {
    var environment = home
    environment["XDG_CONFIG_HOME"] = xdg
    environment["TODOS_TUI_CONFIG"] = ""
    let location = ConfigLocation.resolve(
      option: nil, environment: environment, currentDirectory: "/")
    #expect(
      location
        == ConfigLocation(path: "/home/me/.config/todos-tui/config.toml", source: .defaultLocation))
  }

  @Test func noHomeAndNothingGiven() {
    #expect(ConfigLocation.resolve(option: nil, environment: [:], currentDirectory: "/") == nil)
    #expect(
      ConfigLocation.resolve(option: nil, environment: ["HOME": "x"], currentDirectory: "/")
        == nil)
  }

  @Test func missingDefaultFileIsTheDefaultsWithoutAProblem() throws {
    let folder = try temporaryFolder()
    let location = ConfigLocation(path: folder + "/none.toml", source: .defaultLocation)
    let loaded = location.load(vocabulary: vocabulary)
    #expect(loaded == LoadedConfig(config: .defaults(for: vocabulary), problems: [], file: nil))
  }

  @Test(arguments: [ConfigFileSource.option, .environment])
  func missingGivenFileIsAProblem(source: ConfigFileSource) throws {
    let folder = try temporaryFolder()
    let loaded = ConfigLocation(path: folder + "/none.toml", source: source)
      .load(vocabulary: vocabulary)
    #expect(loaded.config == .defaults(for: vocabulary))
    #expect(loaded.problems.map(\.kind) == [.unreadableFile])
    #expect(loaded.problems.first?.heading.contains("does not exist") == true)
    #expect(loaded.problems.first?.fix.contains("todos-tui --print-config >") == true)
  }

  @Test func folderAndNonUTF8AreProblems() throws {
    let folder = try temporaryFolder()
    let asFolder = ConfigLocation(path: folder, source: .defaultLocation)
      .load(vocabulary: vocabulary)
    #expect(asFolder.problems.first?.heading.contains("is a folder") == true)
    let binary = folder + "/binary.toml"
    try Data([0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: binary))
    let loaded = ConfigLocation(path: binary, source: .option).load(vocabulary: vocabulary)
    #expect(loaded.problems.map(\.kind) == [.unreadableFile])
    #expect(loaded.problems.first?.heading.contains("not UTF-8") == true)
  }

  @Test func readsTheFile() throws {
    let folder = try temporaryFolder()
    let path = folder + "/config.toml"
    try "[behavior]\nauto_archive = true\nsettle_delay_ms = \"x\"\n"
      .write(toFile: path, atomically: true, encoding: .utf8)
    let loaded = ConfigLocation(path: path, source: .defaultLocation).load(vocabulary: vocabulary)
    #expect(loaded.file == path)
    #expect(loaded.config.behavior.autoArchive)
    #expect(loaded.problems.map(\.place) == ["\(path):3"])
  }

  private func temporaryFolder() throws -> String {
    let path = NSTemporaryDirectory() + "todos-config-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }
}
