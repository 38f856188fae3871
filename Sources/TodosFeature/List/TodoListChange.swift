import FoundationEssentials

extension TodoList {
  /// A change to the list, addressing rows by id; `TodoList.apply(_:)` makes it and returns
  /// its inverse, which is how undo and redo work.
  ///
  /// ```swift
  /// let inverse = list.apply([.remove([id])])  // [.insert([IndexedTodo(row, at: 3)])]
  /// ```
  public enum Change: Equatable, Sendable {
    /// Puts these rows back as they are here, found by id (undoes a toggle, an edit, toggle all).
    case update([Todo.State])
    /// Removes the rows with these ids (undoes an add).
    case remove([UUID])
    /// Inserts the rows at their indices, ascending (undoes a delete, clear completed).
    case insert([IndexedTodo])
    /// Takes the rows with these ids out and puts them back at these indices, ascending (undoes
    /// a move or the sort).
    case move([IndexedID])
  }

  /// A row and its index in the list.
  ///
  /// ```swift
  /// TodoList.IndexedTodo(todo, at: 0)
  /// ```
  public struct IndexedTodo: Equatable, Sendable {
    public var todo: Todo.State
    public var index: Int
    public init(_ todo: Todo.State, at index: Int) {
      self.todo = todo
      self.index = index
    }
  }

  /// A row's id and its index in the list.
  ///
  /// ```swift
  /// TodoList.IndexedID(id, at: 0)
  /// ```
  public struct IndexedID: Equatable, Sendable {
    public var id: UUID
    public var index: Int
    public init(_ id: UUID, at index: Int) {
      self.id = id
      self.index = index
    }
  }
}
