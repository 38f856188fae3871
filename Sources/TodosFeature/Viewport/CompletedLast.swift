/// Where each row shows when the completed todos show below the active ones, each group in
/// file order: one bit per row (shown among the completed ones), with the count of set bits
/// before each word, so a row's place and the row at a place are found without a list of
/// every row (12.5 KB at 100,000 rows, where an array of places would be 1.2 MB).
///
/// ```swift
/// let order = CompletedLast(count: 5) { [1, 3].contains($0) }  // rows 1 and 3 completed
/// order.position(ofIndex: 1)   // 3: after the three active rows
/// order.index(atPosition: 2)   // 4
/// ```
struct CompletedLast {
  /// How many rows.
  private(set) var count: Int
  /// Bit `i % 64` of word `i / 64`: row `i` shows among the completed ones.
  private var words: [UInt64]
  /// The set bits in the words before each word.
  private var before: [Int32]
  /// How many rows show among the completed ones.
  private(set) var completedCount = 0

  /// `count` rows, `isCompleted` telling where each one shows.
  init(count: Int, isCompleted: (Int) -> Bool) {
    self.count = count
    words = [UInt64](repeating: 0, count: (count + 63) / 64)
    before = [Int32](repeating: 0, count: words.count)
    for index in 0..<count where isCompleted(index) { words[index >> 6] |= 1 << (index & 63) }
    recount(from: 0)
  }

  /// `count` rows, those at `completed` showing among the completed ones.
  init(count: Int, completed: some Sequence<Int>) {
    self.count = count
    words = [UInt64](repeating: 0, count: (count + 63) / 64)
    before = [Int32](repeating: 0, count: words.count)
    for index in completed { words[index >> 6] |= 1 << (index & 63) }
    recount(from: 0)
  }

  var activeCount: Int { count - completedCount }

  /// Whether this is the file's own order: no completed row above an active one.
  var isFileOrder: Bool { completedBefore(activeCount) == 0 }

  /// Whether row `index` shows among the completed ones.
  func isCompleted(_ index: Int) -> Bool { words[index >> 6] >> (index & 63) & 1 == 1 }

  /// How many rows above `index` in the file show among the completed ones.
  func completedBefore(_ index: Int) -> Int {
    let word = index >> 6
    guard word < words.count else { return completedCount }
    let below: UInt64 = (1 << (index & 63)) &- 1
    return Int(before[word]) + (words[word] & below).nonzeroBitCount
  }

  /// Where row `index` shows, from the top.
  func position(ofIndex index: Int) -> Int {
    isCompleted(index) ? activeCount + completedBefore(index) : index - completedBefore(index)
  }

  /// The row that shows at `position`, from the top.
  func index(atPosition position: Int) -> Int {
    position < activeCount
      ? select(position, completed: false) : select(position - activeCount, completed: true)
  }

  /// Every row, top to bottom.
  func orderedIndices() -> [Int] {
    var indices: [Int] = []
    indices.reserveCapacity(count)
    for index in 0..<count where !isCompleted(index) { indices.append(index) }
    for index in 0..<count where isCompleted(index) { indices.append(index) }
    return indices
  }

  /// The rows `indices` (ascending; nil: every row) top to bottom, and each row's position
  /// among them (-1: not among them): one pass for the active rows, one for the completed.
  ///
  /// ```swift
  /// order.ordered([1, 2, 4]).indices  // [2, 4, 1] when row 1 shows among the completed
  /// ```
  func ordered(_ indices: [Int]?) -> (indices: [Int], positions: [Int32]) {
    var positions = [Int32](repeating: -1, count: count)
    var ordered: [Int] = []
    ordered.reserveCapacity(indices?.count ?? count)
    func place(_ index: Int) {
      positions[index] = Int32(ordered.count)
      ordered.append(index)
    }
    if let indices {
      for index in indices where !isCompleted(index) { place(index) }
      for index in indices where isCompleted(index) { place(index) }
    } else {
      for index in 0..<count where !isCompleted(index) { place(index) }
      for index in 0..<count where isCompleted(index) { place(index) }
    }
    return (ordered, positions)
  }

  /// Row `index` shows among the completed ones (`completed`) or the active ones.
  mutating func set(_ index: Int, completed: Bool) {
    guard isCompleted(index) != completed else { return }
    words[index >> 6] ^= 1 << (index & 63)
    recount(from: index >> 6)
  }

  /// A row was added at `index`: the rows from there move one down.
  mutating func insert(at index: Int, completed: Bool) {
    count += 1
    if words.count * 64 < count {
      words.append(0)
      before.append(0)
    }
    let word = index >> 6
    let bit = index & 63
    var k = words.count - 1
    while k > word {
      words[k] = words[k] << 1 | words[k - 1] >> 63
      k -= 1
    }
    let below: UInt64 = (1 << bit) &- 1
    let kept = words[word] & below
    let moved = (words[word] & ~below) << 1
    words[word] = kept | moved | (completed ? 1 << bit : 0)
    recount(from: word)
  }

  /// The row at `index` was removed: the rows below it move one up.
  mutating func remove(at index: Int) {
    let word = index >> 6
    let bit = index & 63
    let below: UInt64 = (1 << bit) &- 1
    let above = (words[word] >> (bit + 1)) << bit
    words[word] = words[word] & below | above | carry(into: word)
    for k in (word + 1)..<words.count { words[k] = words[k] >> 1 | carry(into: k) }
    count -= 1
    recount(from: word)
  }

  /// Rows `first` and `second` traded places in the file.
  mutating func swap(_ first: Int, _ second: Int) {
    let (a, b) = (isCompleted(first), isCompleted(second))
    guard a != b else { return }
    set(first, completed: b)
    set(second, completed: a)
  }

  /// The lowest bit of the next word, as the highest bit of word `k` (a removal's shift).
  private func carry(into k: Int) -> UInt64 {
    k + 1 < words.count ? (words[k + 1] & 1) << 63 : 0
  }

  private mutating func recount(from word: Int) {
    var total = word == 0 ? 0 : Int(before[word - 1]) + words[word - 1].nonzeroBitCount
    for k in word..<words.count {
      before[k] = Int32(total)
      total += words[k].nonzeroBitCount
    }
    completedCount = total
  }

  /// The file index of the `n`th (from 0) row showing among the completed ones, or the
  /// active ones: a search over the words' counts, then a walk in one word.
  ///
  /// The search gallops up from word `n / 64` (a word holds at most 64 of either kind, so the
  /// row is never in a word before it): a screen's rows near the top of a long list, each
  /// asked for in turn, are found in a step or two where a binary search over all the words
  /// took a dozen (17 at a million rows).
  private func select(_ n: Int, completed: Bool) -> Int {
    func countBefore(_ k: Int) -> Int { completed ? Int(before[k]) : k * 64 - Int(before[k]) }
    let last = words.count - 1
    var low = min(n >> 6, last)
    var step = 1
    while low + step <= last, countBefore(low + step) <= n {
      low += step
      step <<= 1
    }
    var high = min(low + step - 1, last)
    while low < high {
      let middle = (low + high + 1) / 2
      if countBefore(middle) <= n { low = middle } else { high = middle - 1 }
    }
    var word = completed ? words[low] : ~words[low]
    var remaining = n - countBefore(low)
    // Eight bits at a time, then one (never past the word's last byte).
    var offset = 0
    while offset < 56, remaining >= (word & 0xFF).nonzeroBitCount {
      remaining -= (word & 0xFF).nonzeroBitCount
      word >>= 8
      offset += 8
    }
    while remaining > 0 {
      word &= word &- 1
      remaining -= 1
    }
    return low * 64 + offset + word.trailingZeroBitCount
  }
}
