#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which todo.txt files are the app's lists when several are open: the files given, without
/// repeats, or every `*.txt` of todo.sh's folder (`lists = "todo_dir"`) except done.txt and
/// report.txt, todo.txt first and the others by name.
///
/// ```swift
/// ListFiles.inTodoDir(["work.txt", "done.txt", "todo.txt", "notes.md"])
/// // ["todo.txt", "work.txt"]
/// ListFiles.distinct(["/a/todo.txt", "/b/x.txt", "/a/todo.txt"])  // ["/a/todo.txt", "/b/x.txt"]
/// ```
public enum ListFiles {
  /// The files of todo.sh's folder that are not lists.
  public static let notLists: Set<String> = ["done.txt", "report.txt"]

  /// The lists among a folder's file names: every `*.txt` but done.txt and report.txt,
  /// todo.txt first, then by name.
  public static func inTodoDir(_ names: [String]) -> [String] {
    let lists = names.filter { $0.hasSuffix(".txt") && $0 != ".txt" && !notLists.contains($0) }
    return lists.sorted { lhs, rhs in
      if (lhs == "todo.txt") != (rhs == "todo.txt") { return lhs == "todo.txt" }
      return lhs < rhs
    }
  }

  /// The lists in `folder` (absolute): `inTodoDir` of its regular files; empty when it cannot
  /// be read.
  public static func inTodoDir(folder: String) -> [String] {
    let names = FileSystem.names(in: folder) ?? []
    let files = names.filter { name in
      var info = stat()
      return stat(folder + "/" + name, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR
    }
    return inTodoDir(files).map { folder + "/" + $0 }
  }

  /// The paths in order, each once.
  public static func distinct(_ paths: [String]) -> [String] {
    var seen: Set<String> = []
    return paths.filter { seen.insert($0).inserted }
  }
}
