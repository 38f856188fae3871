/// The tables of a document while it is read, with TOML's rules on defining them: a key is set
/// once, a `[table]` is defined once, dotted keys add only to tables they made, an inline table
/// or a list is closed, `[[name]]` adds only to an array of tables.
///
/// Tables are numbered (`drafts`); `frozen(_:)` gives the finished `TOMLTable`.
///
/// ```swift
/// var builder = TOMLTableBuilder()
/// let keys = try builder.defineTable([TOMLKey(name: "keys", offset: 1)])
/// try builder.assign(.string("Q"), to: [TOMLKey(name: "quit", offset: 7)], in: keys)
/// ```
struct TOMLTableBuilder {
  /// How a table came to be, which decides what may add to it.
  enum Kind {
    /// The document itself, or an inline table.
    case root
    /// Named on the way to a header's table (`a` for `[a.b]`): `[a]` may still define it.
    case implicit
    /// Defined by a header, `[a]` or `[[a]]`.
    case header
    /// Made by a dotted key (`a.b = 1` makes `a`).
    case dotted
  }

  enum Slot {
    case value(TOMLValue)
    case table(Int)
    /// `[[name]]`'s tables, in order.
    case tables([Int])
  }

  struct Draft {
    var kind: Kind
    var keys: [String] = []
    var slots: [String: Slot] = [:]
  }

  private(set) var drafts = [Draft(kind: .root)]
  let root = 0

  /// `key = value` (`a.b.c = value`) in `table`.
  mutating func assign(
    _ value: TOMLValue, to path: [TOMLKey], in table: Int
  ) throws(TOMLReader.Failure) {
    var parent = table
    for (position, part) in path.dropLast().enumerated() {
      switch drafts[parent].slots[part.name] {
      case nil:
        parent = add(.table(newDraft(.dotted)), named: part.name, to: parent)
      case .table(let child) where drafts[child].kind == .dotted:
        parent = child
      case .table:
        throw TOMLReader.Failure(
          offset: part.offset,
          message: "the table \(dotted(path.prefix(position + 1))) is defined by its own "
            + "[header]: its keys go below that header, not in a dotted key here")
      case .tables:
        throw TOMLReader.Failure(
          offset: part.offset,
          message: "\(dotted(path.prefix(position + 1))) is an array of tables ([[…]]); a "
            + "dotted key cannot add to it")
      case .value:
        throw TOMLReader.Failure(
          offset: part.offset,
          message: "\(dotted(path.prefix(position + 1))) is already set to a value, so it "
            + "cannot also be a table")
      }
    }
    let last = path[path.count - 1]
    guard drafts[parent].slots[last.name] == nil else {
      throw TOMLReader.Failure(
        offset: last.offset,
        message: "the key \(dotted(path)) is set twice (a key can be set only once in a table)"
      )
    }
    _ = add(.value(value), named: last.name, to: parent)
  }

  /// `[a.b]`: the table the header defines, made or found.
  mutating func defineTable(_ path: [TOMLKey]) throws(TOMLReader.Failure) -> Int {
    let parent = try headerParent(path)
    let last = path[path.count - 1]
    let name = "[\(dotted(path))]"
    switch drafts[parent].slots[last.name] {
    case nil:
      return add(.table(newDraft(.header)), named: last.name, to: parent)
    case .table(let child):
      switch drafts[child].kind {
      case .implicit:
        drafts[child].kind = .header
        return child
      case .dotted:
        throw TOMLReader.Failure(
          offset: last.offset,
          message: "the table \(name) is already defined by dotted keys "
            + "(\(dotted(path)).… = …); a table is defined only once")
      case .header, .root:
        throw TOMLReader.Failure(
          offset: last.offset,
          message: "the table \(name) is defined twice (a table has one header; put its keys "
            + "under the first)")
      }
    case .tables:
      throw TOMLReader.Failure(
        offset: last.offset,
        message: "\(dotted(path)) is an array of tables ([[\(dotted(path))]]), so \(name) "
          + "cannot define it")
    case .value:
      throw TOMLReader.Failure(
        offset: last.offset,
        message: "\(dotted(path)) is already set to a value, so \(name) cannot define it")
    }
  }

  /// `[[a.b]]`: a new table at the end of the array of tables, which it makes if need be.
  mutating func appendTable(_ path: [TOMLKey]) throws(TOMLReader.Failure) -> Int {
    let parent = try headerParent(path)
    let last = path[path.count - 1]
    switch drafts[parent].slots[last.name] {
    case nil:
      let table = newDraft(.header)
      _ = add(.tables([table]), named: last.name, to: parent)
      return table
    case .tables(var list):
      let table = newDraft(.header)
      list.append(table)
      drafts[parent].slots[last.name] = .tables(list)
      return table
    case .table:
      throw TOMLReader.Failure(
        offset: last.offset,
        message: "\(dotted(path)) is already a table, so [[\(dotted(path))]] cannot make it "
          + "an array of tables")
    case .value:
      throw TOMLReader.Failure(
        offset: last.offset,
        message: "\(dotted(path)) is already set to a value (a list written with [ ] is "
          + "closed), so [[\(dotted(path))]] cannot add to it")
    }
  }

  /// The table a header's last key goes into: the tables named before it, made (implicit) or
  /// found; in an array of tables, its last table.
  private mutating func headerParent(_ path: [TOMLKey]) throws(TOMLReader.Failure) -> Int {
    var parent = root
    for (position, part) in path.dropLast().enumerated() {
      switch drafts[parent].slots[part.name] {
      case nil:
        parent = add(.table(newDraft(.implicit)), named: part.name, to: parent)
      case .table(let child):
        parent = child
      case .tables(let list):
        parent = list[list.count - 1]
      case .value:
        throw TOMLReader.Failure(
          offset: part.offset,
          message: "\(dotted(path.prefix(position + 1))) is already set to a value (an inline "
            + "table or a list is closed), so [\(dotted(path))] cannot go inside it")
      }
    }
    return parent
  }

  private mutating func newDraft(_ kind: Kind) -> Int {
    drafts.append(Draft(kind: kind))
    return drafts.count - 1
  }

  /// Adds `slot` as `name` in `table`; the table's number when the slot is one.
  private mutating func add(_ slot: Slot, named name: String, to table: Int) -> Int {
    drafts[table].keys.append(name)
    drafts[table].slots[name] = slot
    if case .table(let child) = slot { return child }
    return table
  }

  /// The finished table `number`, with its tables inside it.
  func frozen(_ number: Int) -> TOMLTable {
    var table = TOMLTable()
    let draft = drafts[number]
    for key in draft.keys {
      switch draft.slots[key]! {
      case .value(let value): table[key] = value
      case .table(let child): table[key] = .table(frozen(child))
      case .tables(let list): table[key] = .array(list.map { .table(frozen($0)) })
      }
    }
    return table
  }
}
