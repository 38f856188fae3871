import Testing

@testable import TodoTxt

/// The one way the todo file, done.txt and config.toml turn a given path into an absolute one.
@Suite struct PathResolverTests {
  let paths = PathResolver(environment: ["HOME": "/home/me"], currentDirectory: "/work")

  @Test func aRelativePathIsTakenFromTheCurrentFolder() {
    #expect(paths.absolute("todo.txt") == "/work/todo.txt")
    #expect(paths.absolute("notes/../todo.txt") == "/work/todo.txt")
    #expect(paths.absolute("/srv//sync/./todo.txt") == "/srv/sync/todo.txt")
    #expect(paths.absolute("~/todo.txt") == "/work/~/todo.txt")
  }

  @Test func aLeadingTildeIsHome() {
    #expect(paths.expandingHome("~/todo/done.txt") == "/home/me/todo/done.txt")
    #expect(paths.expandingHome("~") == "/home/me")
    #expect(paths.expandingHome("~bob/done.txt") == "~bob/done.txt")
    #expect(paths.expandingHome("a/~/b") == "a/~/b")
  }

  @Test(arguments: [nil, "", "relative/home"])
  func withoutAnAbsoluteHomeTheTildeStays(home: String?) {
    var environment: [String: String] = [:]
    environment["HOME"] = home
    let paths = PathResolver(environment: environment, currentDirectory: "/")
    #expect(paths.home == nil)
    #expect(paths.expandingHome("~/done.txt") == "~/done.txt")
    #expect(paths.folder(.config) == nil)
    #expect(paths.folder(.data) == nil)
    #expect(paths.folder(.state) == nil)
  }

  @Test func eachBaseFolderHasItsPlaceUnderHome() {
    #expect(paths.folder(.config) == "/home/me/.config")
    #expect(paths.folder(.data) == "/home/me/.local/share")
    #expect(paths.folder(.state) == "/home/me/.local/state")
  }

  @Test(arguments: [nil, "", "relative/dir"])
  func anXDGVariableCountsOnlyWhenAbsolute(value: String?) {
    var environment = ["HOME": "/home/me"]
    environment["XDG_DATA_HOME"] = value
    let paths = PathResolver(environment: environment, currentDirectory: "/")
    #expect(paths.folder(.data) == "/home/me/.local/share")
    environment["XDG_DATA_HOME"] = "/xdg/data"
    #expect(
      PathResolver(environment: environment, currentDirectory: "/").folder(.data) == "/xdg/data")
  }
}
