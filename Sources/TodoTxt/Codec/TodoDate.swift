import FoundationEssentials

/// A calendar day as todo.txt writes it: `YYYY-MM-DD`, no time, no time zone.
///
/// ```swift
/// let day = TodoDate(string: "2011-03-02")!
/// day.description  // "2011-03-02"
/// TodoDate(Date(), timeZone: .current)  // the day on the user's wall clock
/// ```
public struct TodoDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  // Packed small (4 bytes, not 24): every todo holds two of these, and 100,000 todos are loaded.
  private let packedYear: UInt16
  private let packedMonth: UInt8
  private let packedDay: UInt8

  /// Four-digit year, 0...9999.
  public var year: Int { Int(packedYear) }
  /// Month, 1...12.
  public var month: Int { Int(packedMonth) }
  /// Day of the month, 1...28/29/30/31.
  public var day: Int { Int(packedDay) }

  /// A day, or nil when it does not exist (`2023-02-29`, month 13, year 10000).
  ///
  /// ```swift
  /// TodoDate(year: 2024, month: 2, day: 29)  // leap day, fine
  /// ```
  public init?(year: Int, month: Int, day: Int) {
    guard (0...9999).contains(year), (1...12).contains(month),
      day >= 1, day <= Self.daysIn(month: month, year: year)
    else { return nil }
    self.packedYear = UInt16(year)
    self.packedMonth = UInt8(month)
    self.packedDay = UInt8(day)
  }

  /// Parses exactly `YYYY-MM-DD` (ASCII digits, existing day), nothing before or after.
  ///
  /// ```swift
  /// TodoDate(string: "2011-03-02")  // 2011-03-02
  /// TodoDate(string: "2011-3-2")    // nil
  /// ```
  public init?(string: String) {
    var string = string
    let parsed = string.withUTF8 { Self(utf8: $0[...]) }
    guard let parsed else { return nil }
    self = parsed
  }

  /// The day `date` falls on in `timeZone` (default: `TimeZone.current`). In the app that is
  /// UTC: without Foundation's internationalization (kept out of the binary) `TimeZone.current`
  /// knows no zone, so the app takes its local days from `LocalClock` (`localtime_r`), never
  /// from here.
  ///
  /// ```swift
  /// TodoDate(Date(timeIntervalSince1970: 0), timeZone: TimeZone(identifier: "UTC")!)
  /// // 1970-01-01
  /// ```
  public init(_ date: Date, timeZone: TimeZone = .current) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    let year = min(max(parts.year ?? 1970, 0), 9999)
    self.packedYear = UInt16(year)
    self.packedMonth = UInt8(parts.month ?? 1)
    self.packedDay = UInt8(parts.day ?? 1)
  }

  /// Parses 10 bytes `YYYY-MM-DD` at the start of `bytes`; the slice must hold exactly 10.
  package init?(utf8 bytes: Slice<UnsafeBufferPointer<UInt8>>) {
    guard bytes.count == 10 else { return nil }
    let b = bytes.startIndex
    guard bytes[b + 4] == UInt8(ascii: "-"), bytes[b + 7] == UInt8(ascii: "-") else { return nil }
    func digits(_ from: Int, _ count: Int) -> Int? {
      var value = 0
      for i in from..<(from + count) {
        let c = bytes[b + i]
        guard c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(c - UInt8(ascii: "0"))
      }
      return value
    }
    guard let y = digits(0, 4), let m = digits(5, 2), let d = digits(8, 2) else { return nil }
    self.init(year: y, month: m, day: d)
  }

  /// `YYYY-MM-DD`, zero-padded.
  public var description: String {
    String(decoding: utf8Bytes, as: UTF8.self)
  }

  /// The 10 ASCII bytes of `description`, without building a String.
  var utf8Bytes: [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(10)
    append(to: &out)
    return out
  }

  /// Appends `YYYY-MM-DD` to `out`, allocating nothing when `out` has room.
  func append(to out: inout [UInt8]) {
    let zero = UInt8(ascii: "0")
    let year = self.year
    out.append(zero + UInt8(year / 1000 % 10))
    out.append(zero + UInt8(year / 100 % 10))
    out.append(zero + UInt8(year / 10 % 10))
    out.append(zero + UInt8(year % 10))
    out.append(UInt8(ascii: "-"))
    out.append(zero + UInt8(month / 10))
    out.append(zero + UInt8(month % 10))
    out.append(UInt8(ascii: "-"))
    out.append(zero + UInt8(day / 10))
    out.append(zero + UInt8(day % 10))
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  package static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2:
      let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
      return leap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}
