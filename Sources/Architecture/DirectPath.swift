/// A writable key path that reads and writes at its byte offset when it names stored properties
/// of structs (as a reducer's state paths do), and through the key path otherwise.
///
/// A key path kept in a reducer's closure is a value the optimiser cannot see through: every
/// read or write through it runs the runtime's key path interpreter, which looks generic
/// metadata up and copies through a buffer, at each level an action passes. At its offset, the
/// same access is a load or a store.
///
/// ```swift
/// let editor = DirectPath(\Todos.State.editor)
/// let draft = editor.get(&state)
/// editor.modify(&state) { $0 = nil }
/// ```
@usableFromInline
struct DirectPath<Root, Value> {
  @usableFromInline let keyPath: WritableKeyPath<Root, Value>
  /// Where the value sits in `Root`: nil for a computed property, a class or an optional chain.
  @usableFromInline let offset: Int?

  @inlinable
  init(_ keyPath: WritableKeyPath<Root, Value>) {
    self.keyPath = keyPath
    self.offset = MemoryLayout<Root>.offset(of: keyPath)
  }

  /// The value at the path in `root` (a copy, as `root[keyPath:]`). `root` is `inout` only so
  /// that its address is at hand: a borrowed struct would be copied to a temporary first.
  @inlinable
  func get(_ root: inout Root) -> Value {
    guard let offset else { return root[keyPath: keyPath] }
    return withUnsafePointer(to: &root) {
      UnsafeRawPointer($0).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
    }
  }

  /// Runs `body` on the value at the path in `root`, in place.
  @inlinable
  func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    guard let offset else { return body(&root[keyPath: keyPath]) }
    return withUnsafeMutablePointer(to: &root) {
      body(
        &UnsafeMutableRawPointer($0).advanced(by: offset)
          .assumingMemoryBound(to: Value.self).pointee)
    }
  }

  /// Replaces the value at the path in `root`.
  @inlinable
  func set(_ root: inout Root, _ value: Value) {
    modify(&root) { $0 = value }
  }
}
