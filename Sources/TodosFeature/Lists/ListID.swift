/// Which list: one todo.txt file the app has open, named by its absolute path, so a list is
/// found the same way whatever the order of the lists (never by its position).
///
/// ```swift
/// let work = ListID("/home/me/todo/work.txt")
/// state.lists[id: work]?.list.list.activeCount
/// ```
public struct ListID: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The list's file, absolute.
  public var path: String

  public init(_ path: String) { self.path = path }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.path < rhs.path }

  public var description: String { path }
}
