/// The base file's lines grouped by content, built once and shared by both sides' matchings.
///
/// ```swift
/// let index = MergeBaseIndex(base.keys)
/// let ours = MergeMatching(base: base.lines, side: ours.lines, sideKeys: ours.keys, index: index)
/// ```
struct MergeBaseIndex {
  /// For each distinct content, its first base line.
  var first: [Int] = []
  /// For each base line, the next base line with the same content, or -1: the copies of a
  /// line, in file order, without an array for each (most lines are unique).
  var next: [Int] = []
  /// Content to its position in `first`.
  var groupOf: [MergeLineKey: Int] = [:]

  init(_ lines: [MergeLineKey]) {
    groupOf.reserveCapacity(lines.count)
    next = Array(repeating: -1, count: lines.count)
    var last: [Int] = []
    for (index, line) in lines.enumerated() {
      if let group = groupOf[line] {
        next[last[group]] = index
        last[group] = index
      } else {
        groupOf[line] = first.count
        first.append(index)
        last.append(index)
      }
    }
  }
}

/// How the lines of one side (ours or theirs) pair with the base's lines.
///
/// Three passes, each on what the previous one left unpaired, in O(n log n):
/// 1. the same bytes (as a multiset: the k-th copy in base pairs with the k-th copy on the side);
/// 2. the same `MergeIdentity.key` (completed, reopened, re-prioritised, re-dated);
/// 3. similar words (`MergeIdentity.isSimilar`), best score first. Words shared by more than
///    `commonWordLimit` unpaired lines are not used to find candidates, which keeps this pass
///    linear.
///
/// A base line left unpaired was deleted on that side; a side line left unpaired was added.
///
/// ```swift
/// // base: ["Call Mom", "Buy milk"], side: ["Buy milk", "x 2026-11-23 Call Mom"]
/// matching.sideOfBase  // [1, 0]
/// matching.exact       // [false, true]
/// ```
struct MergeMatching {
  static let commonWordLimit = 64

  /// For each base line, the side line it pairs with, or nil when the side deleted it.
  var sideOfBase: [Int?]
  /// For each side line, the base line it pairs with, or nil when the side added it.
  var baseOfSide: [Int?]
  /// For each base line, whether its pair has exactly its bytes (the side did not change it).
  var exact: [Bool]
  /// For each base line, whether the side moved it: it is paired but not in the longest run
  /// of paired lines that kept their base order.
  var moved: [Bool]

  init(
    base: [ArraySlice<UInt8>], side: [ArraySlice<UInt8>], sideKeys: [MergeLineKey],
    index: MergeBaseIndex
  ) {
    sideOfBase = Array(repeating: nil, count: base.count)
    baseOfSide = Array(repeating: nil, count: side.count)
    exact = Array(repeating: false, count: base.count)
    moved = Array(repeating: false, count: base.count)

    // 1. Same bytes.
    // The next copy of each content to pair (the k-th copy in base with the k-th on the side).
    var cursor = index.first
    for (s, line) in sideKeys.enumerated() {
      guard let group = index.groupOf[line], cursor[group] >= 0 else { continue }
      let b = cursor[group]
      cursor[group] = index.next[b]
      pair(b, s, exact: true)
    }

    // 2. Same identity key.
    let baseLeft = base.indices.filter { sideOfBase[$0] == nil }
    let sideLeft = side.indices.filter { baseOfSide[$0] == nil }
    guard !baseLeft.isEmpty, !sideLeft.isEmpty else {
      finish()
      return
    }
    var baseIdentity: [Int: MergeIdentity] = [:]
    var sideIdentity: [Int: MergeIdentity] = [:]
    var baseByKey: [[UInt8]: [Int]] = [:]
    for b in baseLeft {
      guard let identity = MergeIdentity(base[b]) else { continue }
      baseIdentity[b] = identity
      baseByKey[identity.key, default: []].append(b)
    }
    var keyTaken: [[UInt8]: Int] = [:]
    for s in sideLeft {
      guard let identity = MergeIdentity(side[s]) else { continue }
      sideIdentity[s] = identity
      guard let candidates = baseByKey[identity.key] else { continue }
      let next = keyTaken[identity.key, default: 0]
      guard next < candidates.count else { continue }
      keyTaken[identity.key] = next + 1
      pair(candidates[next], s, exact: false)
    }

    // 3. Similar words.
    var postings: [UInt64: [Int]] = [:]
    for s in sideLeft where baseOfSide[s] == nil {
      guard let identity = sideIdentity[s] else { continue }
      for word in identity.words { postings[word, default: []].append(s) }
    }
    var candidates: [(shared: Int, total: Int, base: Int, side: Int)] = []
    for b in baseLeft where sideOfBase[b] == nil {
      guard let identity = baseIdentity[b] else { continue }
      var found: Set<Int> = []
      for word in identity.words {
        guard let list = postings[word], list.count <= Self.commonWordLimit else { continue }
        found.formUnion(list)
      }
      // The rare words only find the candidates; the score counts every shared word.
      for s in found {
        let other = sideIdentity[s]!
        let shared = identity.sharedWords(with: other)
        if MergeIdentity.isSimilar(shared: shared, identity.words.count, other.words.count) {
          candidates.append((shared, identity.words.count + other.words.count, b, s))
        }
      }
    }
    // Best score first (compared as fractions, exactly); ties by position, so the result never
    // depends on hashing order.
    candidates.sort { x, y in
      let left = x.shared * y.total
      let right = y.shared * x.total
      if left != right { return left > right }
      return (x.base, x.side) < (y.base, y.side)
    }
    for candidate in candidates
    where sideOfBase[candidate.base] == nil && baseOfSide[candidate.side] == nil {
      pair(candidate.base, candidate.side, exact: false)
    }
    finish()
  }

  private mutating func pair(_ b: Int, _ s: Int, exact isExact: Bool) {
    sideOfBase[b] = s
    baseOfSide[s] = b
    exact[b] = isExact
  }

  /// Marks as moved the paired lines outside a longest increasing run of base positions in
  /// side order (patience sorting, O(n log n)).
  private mutating func finish() {
    let sequence = baseOfSide.compactMap { $0 }
    guard !sequence.isEmpty else { return }
    var tails: [Int] = []  // tails[k]: index in `sequence` ending the best run of length k+1
    var previous = Array(repeating: -1, count: sequence.count)
    for (i, value) in sequence.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if sequence[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[i] = tails[low - 1] }
      if low == tails.count { tails.append(i) } else { tails[low] = i }
    }
    for b in sequence { moved[b] = true }
    var i = tails.last!
    while i >= 0 {
      moved[sequence[i]] = false
      i = previous[i]
    }
  }
}
