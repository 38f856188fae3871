import Foundation
import Testing

@testable import TodoTxt

/// A path's name and folder without Foundation, as `NSString` gives them for the paths the app
/// uses: absolute or relative with a folder, odd characters kept as they are.
@Suite struct PathComponentsTests {
  static let paths = [
    "/", "/todo.txt", "/home/me/todo.txt", "/home/me/lists/", "/home/me//todo.txt//", "//todo.txt",
    "lists/work.txt", "./todo.txt", "../todo.txt", "/tmp/my list #1 (copy).txt",
    "/home/ünï/日本語/todo ✓.txt", "/home/me/.todo.cfg", "~/todo.txt", "/a/b\\c/d e",
  ]

  @Test(arguments: paths) func likeNSString(_ path: String) {
    #expect(PathComponents.lastComponent(of: path) == (path as NSString).lastPathComponent)
    #expect(PathComponents.folder(of: path) == (path as NSString).deletingLastPathComponent)
  }

  static let absolutePaths = [
    "/", "/a", "/a/", "/a//b", "/a/./b", "/a/../b", "/../a", "/a/b/..", "/a/b/../", "/..", "/.",
    "//a", "/a/b/./../c", "/a/.../b", "/a/..b/c", "/tmp/my list #1 (copy).txt",
    "/home/ünï/日本語/../todo ✓.txt", "/x/%20y", "/a/b?c",
  ]

  @Test(arguments: absolutePaths) func standardizedLikeURL(_ path: String) {
    #expect(
      PathComponents.standardized(path) == URL(fileURLWithPath: path).standardizedFileURL.path)
  }

  @Test func examples() {
    #expect(PathComponents.lastComponent(of: "/home/me/todo.txt") == "todo.txt")
    #expect(PathComponents.folder(of: "/home/me/todo.txt") == "/home/me")
    #expect(PathComponents.lastComponent(of: "/tmp/lists/") == "lists")
    #expect(PathComponents.folder(of: "/tmp/lists/") == "/tmp")
    #expect(PathComponents.folder(of: "/todo.txt") == "/")
    #expect(PathComponents.lastComponent(of: "/") == "/")
    #expect(PathComponents.folder(of: "/") == "/")
    // A bare name has no folder (NSString on Linux traps on this one).
    #expect(PathComponents.lastComponent(of: "todo.txt") == "todo.txt")
    #expect(PathComponents.folder(of: "todo.txt") == "")
    #expect(PathComponents.lastComponent(of: "") == "")
    #expect(PathComponents.folder(of: "") == "")
  }
}
