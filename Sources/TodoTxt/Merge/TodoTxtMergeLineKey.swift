#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A line's bytes with their hash worked out once, as a dictionary key: hashing an
/// `ArraySlice<UInt8>` feeds `Hasher` one byte at a time, which was most of a 100k-line
/// merge's time.
///
/// ```swift
/// var groups: [MergeLineKey: Int] = [:]
/// groups[MergeLineKey(ArraySlice("Call Mom".utf8))] = 0
/// ```
struct MergeLineKey: Hashable {
  let bytes: ArraySlice<UInt8>
  /// FNV-1a, 64 bits, of `bytes`.
  let hash: UInt64

  init(_ bytes: ArraySlice<UInt8>) {
    self.bytes = bytes
    hash = bytes.withUnsafeBufferPointer { buffer in
      var value: UInt64 = 0xCBF2_9CE4_8422_2325
      for byte in buffer { value = (value ^ UInt64(byte)) &* 0x100_0000_01B3 }
      return value
    }
  }

  func hash(into hasher: inout Hasher) { hasher.combine(hash) }

  static func == (left: MergeLineKey, right: MergeLineKey) -> Bool {
    guard left.hash == right.hash, left.bytes.count == right.bytes.count else { return false }
    return left.bytes.withUnsafeBufferPointer { a in
      right.bytes.withUnsafeBufferPointer { b in
        a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
      }
    }
  }
}
