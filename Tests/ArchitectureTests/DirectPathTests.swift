import Testing

@testable import Architecture

/// `DirectPath`: a state path read and written at its offset gives what the key path gives.
@Suite struct DirectPathTests {
  struct Inner: Equatable {
    var flag = false
    var names: [String] = ["a"]
  }

  struct Root: Equatable {
    var count = 1
    var title = "todo"
    var inner = Inner()
    var mode: Mode = .browsing
    var optional: Inner? = Inner()

    var computedTitle: String {
      get { title.uppercased() }
      set { title = newValue.lowercased() }
    }
  }

  enum Mode: Equatable {
    case browsing
    case editing(String)
  }

  @Test func storedPropertiesHaveAnOffsetAndComputedOnesDoNot() {
    #expect(DirectPath(\Root.inner.names).offset != nil)
    #expect(DirectPath(\Root.mode).offset != nil)
    #expect(DirectPath(\Root.computedTitle).offset == nil)
    #expect(DirectPath(\Root.optional).offset != nil)
  }

  @Test func readsAndWritesWhatTheKeyPathDoes() {
    var root = Root()
    let paths: [(get: (inout Root) -> String, set: (inout Root, String) -> Void)] = [
      ({ DirectPath(\Root.title).get(&$0) }, { DirectPath(\Root.title).set(&$0, $1) }),
      (
        { DirectPath(\Root.computedTitle).get(&$0) },
        { DirectPath(\Root.computedTitle).set(&$0, $1) }
      ),
    ]
    for (index, path) in paths.enumerated() {
      var byKeyPath = root
      if index == 0 { byKeyPath.title = "call mum" } else { byKeyPath.computedTitle = "CALL MUM" }
      path.set(&root, index == 0 ? "call mum" : "CALL MUM")
      #expect(root == byKeyPath)
      let read = path.get(&root)
      #expect(read == (index == 0 ? root.title : root.computedTitle))
    }
    let mode = DirectPath(\Root.mode)
    mode.set(&root, .editing("draft"))
    #expect(root.mode == .editing("draft"))
    #expect(mode.get(&root) == .editing("draft"))
    #expect(DirectPath(\Root.inner.flag).get(&root) == false)
  }

  @Test func aReadIsACopyThatTheNextWriteLeavesAlone() {
    var root = Root()
    let names = DirectPath(\Root.inner.names)
    let before = names.get(&root)
    names.modify(&root) { $0.append("b") }
    #expect(before == ["a"])
    #expect(root.inner.names == ["a", "b"])
    let copy = root
    names.modify(&root) { $0[0] = "z" }
    #expect(copy.inner.names == ["a", "b"])
    #expect(root.inner.names == ["z", "b"])
  }

  @Test func modifyWorksInPlace() {
    var root = Root()
    root.inner.names.reserveCapacity(64)
    let names = DirectPath(\Root.inner.names)
    let storage = root.inner.names.withUnsafeBufferPointer { $0.baseAddress }
    // A copy of the array on the way would grow a new buffer for the appended element.
    names.modify(&root) { $0.append("b") }
    #expect(root.inner.names.withUnsafeBufferPointer { $0.baseAddress } == storage)
    let result = DirectPath(\Root.count).modify(&root) { count -> Int in
      count += 41
      return count
    }
    #expect(result == 42)
    #expect(root.count == 42)
  }

  @Test func optionalsAreReadAndClearedWhole() {
    var root = Root()
    let optional = DirectPath(\Root.optional)
    #expect(optional.get(&root) == Inner())
    optional.set(&root, nil)
    #expect(root.optional == nil)
    #expect(optional.get(&root) == nil)
  }
}
