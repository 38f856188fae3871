#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Numbers for ASCII names found by their bytes, with no `String` made to look one up: the
/// sections of a view grouped by project read each row's first `+word` in place and number it
/// here (a `String` and a hash of it per row took three quarters of the first switch to such a
/// view at 100k todos). Open addressing over a hash of the bytes; a name is numbered by the
/// caller (`GroupLabels`) and kept here with its bytes.
///
/// ```swift
/// var names = ASCIINames()
/// names.insert(bytes, number: 0)
/// names.number(of: bytes)  // 0
/// ```
struct ASCIINames {
  /// Each slot: an index into `entries` plus one; 0 when empty.
  private var slots = [UInt32](repeating: 0, count: 64)
  /// The names' bytes, one after the other.
  private var bytes: [UInt8] = []
  /// For each name: where its bytes start and end in `bytes`, and its number.
  private var entries: [(start: Int, end: Int, number: UInt32)] = []

  /// The number given to the name spelled `name`, if it has one.
  func number(of name: UnsafeBufferPointer<UInt8>) -> UInt32? {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: Self.hash(name)) & mask
    while slots[slot] != 0 {
      let entry = entries[Int(slots[slot]) - 1]
      if entry.end - entry.start == name.count, equals(entry.start, name) { return entry.number }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Keeps `number` for the name spelled `name` (not yet kept).
  mutating func insert(_ name: UnsafeBufferPointer<UInt8>, number: UInt32) {
    if (entries.count + 1) * 2 > slots.count { grow() }
    let start = bytes.count
    bytes.append(contentsOf: name)
    entries.append((start, bytes.count, number))
    place(entries.count - 1, hash: Self.hash(name))
  }

  private func equals(_ start: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = name.baseAddress else { return true }
    return bytes.withUnsafeBufferPointer { kept in
      memcmp(kept.baseAddress! + start, base, name.count) == 0
    }
  }

  private mutating func place(_ entry: Int, hash: UInt64) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 { slot = (slot + 1) & mask }
    slots[slot] = UInt32(entry + 1)
  }

  private mutating func grow() {
    slots = [UInt32](repeating: 0, count: slots.count * 2)
    for entry in entries.indices {
      let hash = bytes.withUnsafeBufferPointer {
        Self.hash(UnsafeBufferPointer(rebasing: $0[entries[entry].start..<entries[entry].end]))
      }
      place(entry, hash: hash)
    }
  }

  /// FNV-1a over the bytes.
  static func hash(_ name: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in name {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return hash
  }
}
