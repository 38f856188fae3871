import TodoTxt

extension ConfigProblem {
  /// A problem with a setting that only the app can see once it has started (a `done_file`
  /// that is the todo file itself): the line is looked up in the file as it is now.
  ///
  /// ```swift
  /// ConfigProblem.setting(
  ///   "done_file", inSection: "behavior", file: loaded.file!, kind: .badValue,
  ///   heading: "done_file is the todo file itself.", value: path, fix: "To fix, …")
  /// ```
  public static func setting(
    _ name: String, inSection section: String, file: String, kind: Kind, heading: String,
    value: String, fix: String
  ) -> ConfigProblem {
    let text = FileSystem.contents(of: file).map { String(decoding: $0, as: UTF8.self) }
    let line = text.flatMap { SourceLines($0).line(ofKey: name, inSection: section) }
    return ConfigProblem(
      file: file, line: line, kind: kind, heading: heading, value: value, fix: fix)
  }
}
