import FoundationEssentials
import IdentifiedCollections
import TodoTxt

/// Each row's section under a view's `group`, by list index, kept in the organise cache and
/// in step with the rows one change at a time (an added, removed, changed or swapped row costs
/// its own label, never a pass over the others): the first project or context as a number
/// (`names` spells it), the priority's rank, or the packed due day. A change the cache could
/// not follow leaves it behind the list's token, and the next read makes it again.
///
/// ```swift
/// let labels = list.groupLabels(by: .project)   // made once, then kept
/// labels.grouped(shown, rowCount: list.count, today: today).groups  // the sections
/// ```
struct GroupLabels {
  let kind: GroupBy
  /// The list contents (`TodoList.contentToken`) the labels describe.
  private(set) var token: UInt64
  /// By list index: the row's label; `none` when it has no value (no project, no date).
  private(set) var labels: [UInt32]
  /// Projects and contexts by label, as first spelled.
  private(set) var names: [String] = []
  private var numbers: [String: UInt32] = [:]
  /// The ASCII names among `names`, found by their bytes.
  private var ascii = ASCIINames()

  /// A label no row has a value for.
  static let none = UInt32.max

  init(_ kind: GroupBy, rows: IdentifiedArrayOf<Todo.State>, token: UInt64) {
    self.kind = kind
    self.token = token
    labels = []
    labels.reserveCapacity(rows.count)
    // Read in place: an iterator copies each todo (a retain for each of its fields).
    rows.elements.withUnsafeBufferPointer { todos in
      for index in todos.indices { labels.append(label(of: todos[index])) }
    }
  }

  /// Follows one change that took the rows from token `from` to `to`; false when the labels
  /// were not at `from` (they are made again on the next read).
  mutating func follow(_ change: OrganiseCache.RowChange, from: UInt64, to: UInt64) -> Bool {
    guard token == from else { return false }
    token = to
    switch change {
    case .inserted(let todo, let index): labels.insert(label(of: todo), at: index)
    case .removed(_, let index): labels.remove(at: index)
    case .changed(_, let new, let index): labels[index] = label(of: new)
    case .swapped(_, _, let first, let second): labels.swapAt(first, second)
    }
    return true
  }

  /// The label of `todo`: its first project or context (numbered as met), its priority's
  /// rank (0 for A), or its due day packed as `SortKey.dueRank` is.
  mutating func label(of todo: borrowing Todo.State) -> UInt32 {
    switch kind {
    case .priority:
      let rank = SortKey(priority: todo.priority, dueDate: nil, isComplete: false, fileIndex: 0)
        .priorityRank
      return rank < 26 ? UInt32(rank) : Self.none
    case .due:
      let rank = SortKey(todo, fileIndex: 0).dueRank
      return rank
    case .project, .context:
      // Read in place when the word is ASCII (nearly always): no `String` per row.
      let sign = UInt8(ascii: kind == .project ? "+" : "@")
      let fast = todo.description.utf8.withContiguousStorageIfAvailable {
        asciiLabel(sign, in: $0)
      }
      if let fast, let fast { return fast }
      let wanted: TagIndex.Kind = kind == .project ? .project : .context
      var first: Substring?
      TagIndex.forEachTag(in: todo.description) { kind, word in
        if first == nil, kind == wanted { first = word }
      }
      guard let first else { return Self.none }
      let name = String(first)
      if let number = numbers[name] { return number }
      let number = UInt32(names.count)
      names.append(name)
      numbers[name] = number
      if name.utf8.allSatisfy({ $0 < 0x80 }) {
        var bytes = Array(name.utf8)
        bytes.withUnsafeMutableBufferPointer {
          ascii.insert(UnsafeBufferPointer($0), number: number)
        }
      }
      return number
    }
  }

  /// The label of the first `+word` (`sign` `+`) or `@word` of `bytes`, a description, found
  /// with `memchr` and numbered by its bytes (`ASCIINames`); `none` when it has none; nil when
  /// that word holds a byte outside ASCII (`String` equality decides those: `é` has two
  /// spellings).
  private mutating func asciiLabel(_ sign: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> UInt32? {
    var label: UInt32? = Self.none
    TagIndex.forEachWord(startingWith: sign, in: bytes) { start, end, isASCII in
      // A sign alone is a word, not a tag.
      guard end - start > 1 else { return true }
      guard isASCII else {
        label = nil
        return false
      }
      let name = UnsafeBufferPointer(rebasing: bytes[start..<end])
      if let number = ascii.number(of: name) {
        label = number
        return false
      }
      let number = UInt32(names.count)
      let spelled = String(decoding: name, as: UTF8.self)
      names.append(spelled)
      numbers[spelled] = number
      ascii.insert(name, number: number)
      label = number
      return false
    }
    return label
  }

  /// `ordered` (list indices top to bottom) cut into sections: each section's rows keep their
  /// order among themselves (so completed todos stay below the active ones of their section),
  /// the sections in their own order (projects and contexts alphabetically, priorities A to
  /// Z, the due sections from Overdue to Later; the rows without a value last). `placed`
  /// gives the label a row shows under when it is not its own (a todo waiting to settle keeps
  /// its priority from before its toggle).
  ///
  /// ```swift
  /// labels.grouped([2, 0, 1], rowCount: 3, today: today).groups.map(\.title)
  /// // ["+home", "+work", "No project"]
  /// ```
  func grouped(
    _ ordered: [Int], rowCount: Int, today: TodoDate, placed: [Int: UInt32] = [:]
  ) -> (indices: [Int], positions: [Int32], groups: [VisibleTodos.Group]) {
    func label(_ index: Int) -> UInt32 {
      placed.isEmpty ? labels[index] : placed[index] ?? labels[index]
    }
    // Each label's section (a small number in display order), and each section's title.
    var titles: [String] = []
    var sectionOf: (UInt32) -> Int
    switch kind {
    case .priority:
      titles = (0..<26).map { "(\(Character(Unicode.Scalar(UInt8(65 + $0)))))" } + [kind.noneTitle]
      sectionOf = { $0 == Self.none ? 26 : Int($0) }
    case .due:
      titles = GroupBy.DueSection.allCases.map(\.title)
      let todayRank = SortKey(priority: nil, dueDate: today, isComplete: false, fileIndex: 0)
        .dueRank
      let weekEnd =
        today.adding(days: 7).map {
          SortKey(priority: nil, dueDate: $0, isComplete: false, fileIndex: 0).dueRank
        } ?? todayRank
      sectionOf = { rank in
        let section: GroupBy.DueSection =
          rank == Self.none
          ? .noDate
          : rank < todayRank
            ? .overdue : rank == todayRank ? .today : rank <= weekEnd ? .thisWeek : .later
        return section.rawValue
      }
    case .project, .context:
      // Only the names shown are sorted: a few, whatever the number of rows.
      var seen = [Bool](repeating: false, count: names.count)
      for index in ordered {
        let value = label(index)
        if value != Self.none { seen[Int(value)] = true }
      }
      let shown = names.indices.filter { seen[$0] }.sorted {
        TagIndex.precedes(names[$0], names[$1])
      }
      var sections = [Int](repeating: 0, count: names.count)
      for (section, number) in shown.enumerated() { sections[number] = section }
      titles = shown.map { names[$0] } + [kind.noneTitle]
      let noneSection = shown.count
      sectionOf = { $0 == Self.none ? noneSection : sections[Int($0)] }
    }
    // A counting sort: stable, two passes over the rows.
    var counts = [Int](repeating: 0, count: titles.count)
    var sectionAt: [Int32] = []
    sectionAt.reserveCapacity(ordered.count)
    for index in ordered {
      let section = sectionOf(label(index))
      counts[section] += 1
      sectionAt.append(Int32(section))
    }
    var starts = [Int](repeating: 0, count: titles.count)
    var groups: [VisibleTodos.Group] = []
    var total = 0
    for section in titles.indices {
      starts[section] = total
      if counts[section] > 0 {
        groups.append(.init(title: titles[section], start: total, count: counts[section]))
      }
      total += counts[section]
    }
    var indices = [Int](repeating: 0, count: ordered.count)
    var positions = [Int32](repeating: -1, count: rowCount)
    for (place, index) in ordered.enumerated() {
      let section = Int(sectionAt[place])
      let position = starts[section]
      starts[section] += 1
      indices[position] = index
      positions[index] = Int32(position)
    }
    return (indices, positions, groups)
  }
}

extension TodoList {
  /// Works out ahead what showing each of `views` reads for every row: which rows its query
  /// matches and its sections' labels, then kept row by row. The list calls it when it loads
  /// and when the day changes, so the first switch to a view costs what a later one does.
  ///
  /// ```swift
  /// list.prepare(SavedView.builtIn)  // Today, Week, Overdue and No date: a flag per row each
  /// ```
  func prepare(_ views: [SavedView]) {
    let context = Query.Context(today: dates.today)
    var queries: [(query: Query, key: String)] = []
    for view in views.prefix(ViewCache.viewMatchesLimit) {
      let read = viewCache.readQuery(view.query)
      if !read.query.isEmpty, !queries.contains(where: { $0.key == read.key }) {
        queries.append(read)
      }
      if let group = view.group { _ = groupLabels(by: group) }
    }
    prepareMatches(queries, context)
  }

  /// Which rows each of `queries` matches, in one pass over the rows: a todo's dates are read
  /// once for all the queries (the built-in views all have date terms).
  private func prepareMatches(
    _ queries: [(query: Query, key: String)], _ context: Query.Context
  ) {
    let token = contentToken
    let cache = viewCache
    let missing = queries.filter {
      guard let kept = cache.viewMatches[$0.key] else { return true }
      return kept.token != token || kept.today != context.today
    }
    guard !missing.isEmpty else { return }
    let matchers = missing.map { $0.query.matcher(in: context) }
    var flags = [[Bool]](repeating: [], count: matchers.count)
    for index in flags.indices { flags[index].reserveCapacity(rows.count) }
    rows.elements.withUnsafeBufferPointer { todos in
      for row in todos.indices {
        var facts = Query.Facts(today: context.today)
        for index in matchers.indices {
          flags[index].append(matchers[index].matches(todos[row], facts: &facts))
        }
      }
    }
    if cache.viewMatches.count + missing.count > ViewCache.viewMatchesLimit {
      cache.viewMatches.removeAll()
    }
    for (index, read) in missing.enumerated() {
      cache.viewMatches[read.key] = ViewMatches(
        token: token, view: read.key, today: context.today, matcher: matchers[index],
        rows: flags[index])
    }
  }

  /// The rows' labels under `kind`: made on the first read, then kept row by row.
  func groupLabels(by kind: GroupBy) -> GroupLabels {
    let cache = viewCache
    if let labels = cache.organise.groups[kind], labels.token == contentToken { return labels }
    let labels = GroupLabels(kind, rows: rows, token: contentToken)
    cache.organise.groups[kind] = labels
    return labels
  }

  /// `ordered` (list indices top to bottom, completed todos below active ones) cut into the
  /// sections of `kind`; a todo waiting to settle (in `settling`) shows under the priority it
  /// had before its toggle.
  func grouped(
    _ ordered: [Int], by kind: GroupBy, settling: Set<UUID>
  ) -> (indices: [Int], positions: [Int32], groups: [VisibleTodos.Group]) {
    let labels = groupLabels(by: kind)
    var placed: [Int: UInt32] = [:]
    if kind == .priority {
      for id in settling {
        guard let key = viewCache.organise.frozen[id], let index = index(id: id) else { continue }
        placed[index] = key.priorityRank < 26 ? UInt32(key.priorityRank) : GroupLabels.none
      }
    }
    return labels.grouped(ordered, rowCount: rows.count, today: dates.today, placed: placed)
  }
}
